// Lets a plain `node -r` run the backend from its TypeScript sources, compiled as Jest compiles
// them (jest.config.js), so that a test can start the real server as a child process without a
// prior build.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');

const options = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

Module._extensions['.ts'] = (module, filename) => {
  module._compile(transformSync(readFileSync(filename, 'utf8'), { ...options, filename }).code, filename);
};
