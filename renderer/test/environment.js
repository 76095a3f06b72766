// jsdom without fetch's classes: the API client (openapi-fetch) builds a Request and reads a
// Response, as browsers let it. These are Node's, adapted to what jsdom hands them.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const window = this.global;
    // Node's Request takes neither a relative URL (a browser resolves it against the page) nor
    // jsdom's AbortSignal (it checks for its own): the page's URL resolves the first, the second
    // is kept on the request as given.
    class Request extends globalThis.Request {
      constructor(input, init = {}) {
        const { signal, ...rest } = init;
        super(typeof input === 'string' ? new URL(input, window.location.href).href : input, rest);
        if (signal) Object.defineProperty(this, 'signal', { value: signal });
        else if (input instanceof Request) Object.defineProperty(this, 'signal', { value: input.signal });
      }
    }
    Object.assign(window, { Request, Response: globalThis.Response, Headers: globalThis.Headers });
  }
}

module.exports = JsdomWithFetchEnvironment;
