// Unit and service tests next to the code; cross-service, distributed and browser suites under tests/.
// Integration and browser first make the embedded app's data templates once (tests/support/app.ts, ADR 066).
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }] };
const common = { transform, testEnvironment: 'node', transformIgnorePatterns: ['/node_modules/'] };
module.exports = {
  // 20 s a test unless it says more (a global option: a project's own is ignored): jest's 5 s default
  // failed tests that spawn a process or open a database on a loaded 2-core CI machine.
  testTimeout: 20_000,
  // Also global: the files that gather a service's suites run first (tests/support/test-sequencer.mjs).
  testSequencer: '<rootDir>/tests/support/test-sequencer.mjs',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{services,gateway,web,proto}/**/*.test.{ts,tsx}'], testPathIgnorePatterns: ['/node_modules/'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/tests/integration/**/*.test.ts'], globalSetup: '<rootDir>/tests/support/global-setup.ts' },
    { ...common, displayName: 'distributed', testMatch: ['<rootDir>/tests/distributed/**/*.test.ts'] },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/tests/browser/**/*.test.ts'], globalSetup: '<rootDir>/tests/support/global-setup.ts' },
  ],
};
