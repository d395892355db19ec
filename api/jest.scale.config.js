// The scale-out suite (test/scale, *.scale-spec.ts): two api instances on PostgreSQL + Redis. Needs DATABASE_URL
// (postgres://…) and REDIS_URL; in CI a missing one fails the run (docs/scale-out.md). `npm run test:scale`.
const base = require('./jest.config');

module.exports = {
  ...base,
  roots: ['<rootDir>/test/scale'],
  testRegex: '\\.scale-spec\\.ts$',
  globalSetup: '<rootDir>/test/scale/global-setup.ts',
  testTimeout: 60000,
};
