// The scale-out suite (test/scale, *.scale-spec.ts): two api instances on PostgreSQL + Redis. Needs DATABASE_URL
// (postgres://…) and REDIS_URL; in CI a missing one fails the run (docs/scale-out.md). `npm run test:scale`.
const base = require('./jest.config');

module.exports = {
  ...base,
  roots: ['<rootDir>/test/scale'],
  testRegex: '\\.scale-spec\\.ts$',
  globalSetup: '<rootDir>/test/scale/global-setup.ts',
  testTimeout: 60000,
  // A failed storm run at 10,000 sockets left its jest process alive after the suite (its clients reconnecting),
  // taking CPU from every later measurement on the machine; the suite's afterAll hooks stop what it started.
  forceExit: true,
};
