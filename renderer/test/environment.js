// jsdom without fetch's classes: the API client (openapi-fetch) builds a Request and reads a
// Response, as browsers let it. These are Node's, adapted to what jsdom hands them.
const { TestEnvironment } = require('jest-environment-jsdom');
// The jsdom that jest-environment-jsdom runs, to read the bytes it keeps for a File.
const { implForWrapper } = require(
  require.resolve('jsdom/lib/jsdom/living/generated/utils', { paths: [require.resolve('jest-environment-jsdom')] }),
);

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const window = this.global;
    // Node's Request takes neither a relative URL (a browser resolves it against the page) nor
    // jsdom's AbortSignal (it checks for its own): the page's URL resolves the first, the second
    // is kept on the request as given.
    // Node's Request cannot read jsdom's FormData (reading its body never ends): an upload's form
    // is handed over as Node's, its files with the bytes jsdom keeps for them.
    const nodeFormData = (form) => {
      const copy = new globalThis.FormData();
      for (const [name, value] of form) {
        if (value instanceof window.Blob) copy.append(name, new globalThis.File([implForWrapper(value)._buffer], value.name ?? 'blob', { type: value.type }));
        else copy.append(name, value);
      }
      return copy;
    };
    class Request extends globalThis.Request {
      constructor(input, init = {}) {
        const { signal, ...rest } = init;
        if (rest.body instanceof window.FormData) rest.body = nodeFormData(rest.body);
        super(typeof input === 'string' ? new URL(input, window.location.href).href : input, rest);
        if (signal) Object.defineProperty(this, 'signal', { value: signal });
        else if (input instanceof Request) Object.defineProperty(this, 'signal', { value: input.signal });
      }
    }
    Object.assign(window, { Request, Response: globalThis.Response, Headers: globalThis.Headers });
  }
}

module.exports = JsdomWithFetchEnvironment;
