// Unit specs sit beside the code (src, *.spec.ts); end-to-end suites in test/e2e (*.e2e-spec.ts).
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|e2e-spec)\\.ts$',
  setupFiles: ['reflect-metadata'],
  // The tenancy check over every e2e suite's statements (test/utils/tenancy-check.ts).
  setupFilesAfterEnv: ['<rootDir>/test/utils/tenancy-check.setup.ts'],
  moduleNameMapper: { '^@kpi/contracts$': '<rootDir>/../contracts/src/index.ts' },
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  testTimeout: 30000,
};
