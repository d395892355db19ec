// Unit specs sit beside the code (src, *.spec.ts); end-to-end suites in test/e2e (*.e2e-spec.ts).
const ESM_ONLY = ['openid-client', 'oauth4webapi', 'jose'];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|e2e-spec)\\.ts$',
  setupFiles: ['reflect-metadata'],
  // The tenancy check over every e2e suite's statements (test/utils/tenancy-check.ts).
  // And every answer the e2e suites receive held against the OpenAPI document (test/utils/openapi-answers.ts).
  setupFilesAfterEnv: ['<rootDir>/test/utils/tenancy-check.setup.ts', '<rootDir>/test/utils/openapi-answers.setup.ts'],
  moduleNameMapper: { '^@kpi/contracts$': '<rootDir>/../contracts/src/index.ts' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
    // openid-client and its two dependencies ship ES modules only: jest's module system needs them as CommonJS.
    [`/node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', target: 'es2022' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  testTimeout: 30000,
};
