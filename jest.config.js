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
  // On a 2-core machine Jest would run every file in its own process, one after another, and each
  // API file leaves about 60 MB behind it (its module registry, held by Node's and libraries'
  // globals): after 300 files the collector takes most of the time and the last files time out.
  // A limit makes Jest use a worker and start a new one when a file has left it above the limit.
  workerIdleMemoryLimit: '1GB',
  // Jest's default is one worker fewer than the cores, one on these machines. An API file spends
  // much of its time waiting (scrypt in libuv's pool, fake servers, rate-limit windows), so one
  // worker per core keeps both busy: the suite took 13 minutes instead of 20 on two cores.
  maxWorkers: '100%',
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
