// Three projects, one runner: the NestJS backend (node), the React renderer (jsdom) and the
// Electron main/preload code (node, with `electron` mocked because its binary is not always there).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        react: { runtime: 'automatic' },
      },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  projects: [
    {
      displayName: 'backend',
      testEnvironment: 'node',
      roots: ['<rootDir>/backend'],
      setupFiles: ['<rootDir>/backend/test/support/browser-navigator.ts'],
      setupFilesAfterEnv: ['<rootDir>/backend/test/support/test-timeout.ts'],
      // jose (ESM only, required by @a2a-js/sdk's CommonJS build) is compiled to CommonJS for
      // Jest, which cannot require() an ES module before Node 24.9; Node itself can (20.19+).
      transform: { '^.+\\.tsx?$': swc, '/node_modules/jose/.+\\.js$': swc },
      transformIgnorePatterns: ['^(?!.*/node_modules/jose/).*/node_modules/'],
      testMatch: ['**/*.spec.ts'],
    },
    {
      displayName: 'renderer',
      testEnvironment: '<rootDir>/renderer/test/environment.js',
      roots: ['<rootDir>/renderer'],
      transform: { '^.+\\.tsx?$': swc },
      testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
      setupFilesAfterEnv: ['<rootDir>/renderer/test/setup.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/renderer/test/style-stub.js' },
    },
    {
      displayName: 'desktop',
      testEnvironment: 'node',
      roots: ['<rootDir>/main', '<rootDir>/preload'],
      transform: { '^.+\\.tsx?$': swc },
      testMatch: ['**/*.spec.ts'],
      moduleNameMapper: { '^electron$': '<rootDir>/test/mocks/electron.ts' },
    },
  ],
};
