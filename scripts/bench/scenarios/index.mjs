import verify from './verify.mjs';
import top10 from './top10.mjs';
import tasksPage from './tasks-page.mjs';
import leaderboardMonthly from './leaderboard-monthly.mjs';
import kpi from './kpi.mjs';
import scoring from './scoring.mjs';
import scoreEvent from './score-event.mjs';
import fanout from './fanout.mjs';
import connect from './connect.mjs';
import loginPage from './login-page.mjs';
import restart from './restart.mjs';
import browserScale from './browser-scale.mjs';
import soak from './soak.mjs';
import announceMemory from './announce-memory.mjs';
import webhooks from './webhooks.mjs';

/** Every scenario, in the order the table lists them. */
export const SCENARIOS = [verify, top10, tasksPage, leaderboardMonthly, kpi, scoring, scoreEvent, webhooks, fanout, connect, loginPage, restart, browserScale, soak, announceMemory];
