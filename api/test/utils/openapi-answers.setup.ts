import { takeMismatches } from './openapi-answers';

// Wired into every jest run (jest.config.js): a test that received an answer the OpenAPI document does not
// describe (a status it does not list, a body its schema refuses) fails, naming the operation and the fault
// (docs/openapi.md). Fix the document, not the test.
const fail = () => {
  const found = takeMismatches();
  if (found.length > 0) throw new Error(`Answers the OpenAPI document does not describe:\n  ${found.join('\n  ')}`);
};
afterEach(fail);
afterAll(fail);
