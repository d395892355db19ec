/**
 * The bench's command line: which scenarios, how long, on which data and on which deployment. Kept apart from
 * run.mjs so its choices can be tested without starting anything (scripts/tests/bench-options.test.mjs).
 */

export const DATABASES = ['sqlite', 'postgres'];

/** The PostgreSQL server the bench creates its database on (never a database it did not create) and the Redis of two nodes. */
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
// A database number of its own: the relay's and the adapter's streams are then the bench's alone.
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/11';

/**
 * What cannot run, or measures nothing new, on a deployment: printed as skipped, never dropped silently.
 * On two nodes the scenarios that run are those where a second node changes what is measured: an event
 * committed through one node and received on the other.
 */
const POSTGRES_SKIPS = {
  restart: '`npm start` on a fresh SQLite folder: the start-up of the embedded deployment',
  'login-page': 'the sign-in page is a static file: the same on every database (the SQLite table has it)',
};
const TWO_NODE_SCENARIOS = new Set(['score-event', 'scoring', 'fanout', 'connect']);
const TWO_NODE_SKIP = 'one node answers it alone: the one-node PostgreSQL table has its figure';

export function usage(scenarios) {
  return `Usage: npm run bench [-- --only NAME[,NAME...]] [--json [FILE]] [--rounds 3] [--duration 3]
                       [--companies 10] [--executives 1000] [--scored 200000] [--soak-minutes 10]
                       [--sockets 1000]
                       [--database sqlite|postgres] [--nodes 1|2] [--postgres-url URL] [--redis-url URL]
Deployments: --database sqlite (default: a temporary file); --database postgres: a fresh database
  kpi_bench_<time>_<random> on --postgres-url's server (default ${DEFAULT_POSTGRES_URL}), dropped at the end;
  --nodes 2 (PostgreSQL only): two api processes behind deploy/nginx/kpi.conf, Redis at --redis-url
  (default ${DEFAULT_REDIS_URL}); scores go to node A, the sockets that receive them are on node B.
--sockets N: the app sockets the socket scenarios keep connected (connect, fan-out, score-event, webhooks, soak),
  N / companies executives of each company; at most companies × executives.
Scenarios (default: all but the opt-in ones):
${scenarios.map((s) => `  ${s.name.padEnd(20)} ${s.optIn ? '(opt-in) ' : ''}${s.title}`).join('\n')}`;
}

/** Parses the bench's arguments; `{ help: true }` for --help. Throws on anything it does not know. */
export function parseArgs(argv, scenarios) {
  const options = {
    only: null,
    json: false,
    jsonFile: null,
    rounds: 3,
    duration: 3,
    companies: 10,
    executives: 1000,
    scored: 200000,
    soakMinutes: 10,
    sockets: 1000,
    database: 'sqlite',
    nodes: 1,
    postgresUrl: DEFAULT_POSTGRES_URL,
    redisUrl: DEFAULT_REDIS_URL,
  };
  const number = (name, v) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} needs a positive number`);
    return n;
  };
  const url = (name, v, schemes) => {
    if (!schemes.some((s) => v?.startsWith(s))) throw new Error(`--${name} needs a URL starting with ${schemes.join(' or ')}`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { ...options, help: true };
    else if (arg === '--only') options.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg === '--json') {
      options.json = true;
      if (argv[i + 1] && !argv[i + 1].startsWith('--')) options.jsonFile = argv[++i];
    } else if (arg === '--rounds') options.rounds = Math.round(number('rounds', argv[++i]));
    else if (arg === '--duration') options.duration = number('duration', argv[++i]);
    else if (arg === '--companies') options.companies = Math.round(number('companies', argv[++i]));
    else if (arg === '--executives') options.executives = Math.round(number('executives', argv[++i]));
    else if (arg === '--scored') options.scored = Math.round(number('scored', argv[++i]));
    else if (arg === '--soak-minutes') options.soakMinutes = number('soak-minutes', argv[++i]);
    else if (arg === '--sockets') options.sockets = Math.round(number('sockets', argv[++i]));
    else if (arg === '--database') {
      options.database = argv[++i];
      if (!DATABASES.includes(options.database)) throw new Error(`--database is one of ${DATABASES.join(', ')}`);
    } else if (arg === '--nodes') {
      options.nodes = Number(argv[++i]);
      if (options.nodes !== 1 && options.nodes !== 2) throw new Error('--nodes is 1 or 2');
    } else if (arg === '--postgres-url') options.postgresUrl = url('postgres-url', argv[++i], ['postgres://', 'postgresql://']);
    else if (arg === '--redis-url') options.redisUrl = url('redis-url', argv[++i], ['redis://', 'rediss://']);
    else throw new Error(`unknown argument ${arg}\n${usage(scenarios)}`);
  }
  if (options.sockets % options.companies !== 0 || options.sockets / options.companies > options.executives) {
    throw new Error(`--sockets must be a multiple of --companies (${options.companies}) and at most ${options.companies * options.executives}`);
  }
  // Two nodes share their data and their live events: one SQLite file is one machine's.
  if (options.nodes === 2 && options.database !== 'postgres') throw new Error('--nodes 2 needs --database postgres');
  if (options.only) {
    const unknown = options.only.filter((n) => !scenarios.some((s) => s.name === n));
    if (unknown.length) throw new Error(`unknown scenario ${unknown.join(', ')}\n${usage(scenarios)}`);
  }
  return options;
}

/** How many of each company's executives hold a socket in the socket scenarios. */
export const socketsPerCompany = ({ sockets, companies }) => sockets / companies;

/** The deployment's name in the table's heading. */
export function deploymentLabel({ database, nodes }) {
  if (database === 'sqlite') return 'SQLite, one node';
  return nodes === 2 ? 'PostgreSQL + Redis, two nodes behind nginx' : 'PostgreSQL, one node';
}

/** Why `scenario` does not run on this deployment, or null when it does. */
export function skipReason(scenario, { database, nodes }) {
  if (database === 'postgres' && POSTGRES_SKIPS[scenario.name]) return POSTGRES_SKIPS[scenario.name];
  if (nodes === 2 && !TWO_NODE_SCENARIOS.has(scenario.name)) return TWO_NODE_SKIP;
  return null;
}

/** The scenarios a run goes through: those named by --only, else every default one; with a skip reason each. */
export function chooseScenarios(scenarios, options) {
  const chosen = scenarios.filter((s) => (options.only ? options.only.includes(s.name) : !s.optIn));
  return chosen.map((scenario) => ({ scenario, skip: skipReason(scenario, options) }));
}
