import verify from './verify.mjs';
import top10 from './top10.mjs';
import tasksPage from './tasks-page.mjs';

/** Every scenario, in the order the table lists them. */
export const SCENARIOS = [verify, top10, tasksPage];
