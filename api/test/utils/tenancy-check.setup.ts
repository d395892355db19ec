import { describeViolations, takeViolations } from './tenancy-check';

// Wired into every jest run (jest.config.js): a test during which an admin's or executive's request ran a
// statement without its company predicate fails, naming the route and the statement (docs/tenancy.md).
afterEach(() => {
  const violations = takeViolations();
  if (violations.length > 0) throw new Error(`Unscoped tenant statements:\n${describeViolations(violations)}`);
});
