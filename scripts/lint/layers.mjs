// The import boundaries of the tree (docs/architecture.md draws them): which folder may not import which.
// Turned into `no-restricted-imports` blocks for eslint.config.mjs. That rule sees the import specifier, not the
// resolved file, and every import inside a workspace is relative, so a forbidden folder is matched as the specifier
// climbing (`../`) and then naming the folder by its path under src/ or any tail of it: from modules/kpi/,
// `../leaderboard/x`, `../../modules/leaderboard/x` and `../../../src/modules/leaderboard/x` all match
// folder('modules/leaderboard'), while `../../common/leaderboard/x` does not.

/** A folder under the workspace's src/, optionally with one file or subfolder of it allowed (`except`). */
const folder = (path, { except } = {}) => {
  const segments = `src/${path}`.split('/');
  const tails = segments.map((_, i) => segments.slice(i).join('/'));
  return {
    regex: `^(\\.\\./)+(${tails.join('|')})(${except ? `/(?!${except}$)` : '/'}|$)`,
    label: except ? `${path}/ (except ${path}/${except})` : `${path}/`,
  };
};

/** A package and its subpaths. */
const pkg = (name) => ({ regex: `^${name}(/|$)`, label: name });

/** The api's edges: they sit above the modules and import them, never the other way round. */
const API_EDGES = [folder('realtime'), folder('openapi'), folder('health'), folder('web')];
/** Everything of the api above its shared helpers (common/, config/, database/). */
const API_ABOVE_CONFIG = [folder('modules'), folder('events'), folder('database'), folder('schema'), folder('seed'), ...API_EDGES];
/** Everything of the web above lib/ and components/. */
const WEB_ABOVE_LIB = [folder('session'), folder('features'), folder('shell'), folder('pages'), folder('app')];

/**
 * `layer`: a folder, relative to the repository root; the rule holds for every file under it, tests included.
 * `except`: subfolders the rule does not cover. Nested layers inherit their parents' rules.
 */
export const layers = [
  {
    layer: 'api/src',
    except: ['api/src/schema', 'api/src/database'],
    forbid: [pkg('@mikro-orm/sqlite'), pkg('@mikro-orm/postgresql')],
    because:
      'only schema/ (the ORM options) and database/ know which SQL driver runs; import EntityManager from @mikro-orm/knex ' +
      '(or @mikro-orm/core when no query builder is needed)',
  },
  {
    layer: 'api/src/config',
    forbid: [...API_ABOVE_CONFIG, folder('common')],
    because: 'config/ reads the environment and sits under everything; the ORM options that name the schema live in schema/',
  },
  {
    layer: 'api/src/common',
    forbid: [...API_ABOVE_CONFIG],
    because: 'common/ is the bottom layer; reach a module through a port (an interface and injection token) instead',
  },
  {
    layer: 'api/src/database',
    forbid: [folder('modules'), folder('schema'), folder('seed'), folder('events'), ...API_EDGES],
    because: 'database/ is infrastructure (connections, statements) and knows no domain; the entity list and migrations live in schema/',
  },
  {
    layer: 'api/src/schema/migrations',
    forbid: [
      folder('modules'),
      folder('common'),
      folder('database'),
      folder('events'),
      folder('realtime'),
      folder('seed'),
      folder('config'),
      folder('schema/entities'),
      pkg('@kpi/contracts'),
    ],
    because: 'a migration is frozen: it must do tomorrow what it did the day it shipped, so it copies what it needs instead of importing live app code',
  },
  {
    layer: 'api/src/modules',
    forbid: [folder('schema'), folder('seed')],
    because: 'only the composition (schema/orm-options.ts, the bootstrap) knows the entity list, the migrations and the demo seed',
  },
  {
    layer: 'api/src/events',
    forbid: [folder('modules'), folder('schema'), folder('seed'), ...API_EDGES],
    because: 'events/ is the outbox only (recorder, log, unit of work); the socket side lives in realtime/',
  },
  {
    layer: 'api/src/modules',
    forbid: API_EDGES,
    because: 'the edges (sockets, the OpenAPI document, the health probe, the web files) sit above the modules: services never touch sockets, they record an event and realtime/ acts on it after commit',
  },
  {
    layer: 'api/src/modules/kpi',
    forbid: [folder('modules/leaderboard')],
    because: 'kpi and leaderboard stay independent; move what both need down into common/ or contracts',
  },
  {
    layer: 'api/src/modules/leaderboard',
    forbid: [folder('modules/kpi')],
    because: 'kpi and leaderboard stay independent; move what both need down into common/ or contracts',
  },
  {
    layer: 'web/src/lib',
    forbid: [...WEB_ABOVE_LIB, folder('components')],
    because: 'lib/ is the ground floor (the api client, the socket, the one jotai store, formatting): it knows no component, feature or screen',
  },
  {
    layer: 'web/src/components',
    forbid: [...WEB_ABOVE_LIB, pkg('jotai')],
    because: 'components/ are presentational: they get data through props and never read the store',
  },
  {
    layer: 'web/src/session',
    // The signed-in person, their company's clock and their home route: the base every feature reads.
    forbid: [folder('features'), folder('shell'), folder('pages'), folder('app')],
    because: 'session/ is the base layer under the features',
  },
  {
    layer: 'web/src/features',
    forbid: [folder('shell'), folder('pages'), folder('app')],
    because: 'pages compose features (inside the shell), never the other way round',
  },
  {
    layer: 'web/src/shell',
    forbid: [folder('pages'), folder('app')],
    because: 'the dashboard shell frames the pages; the router (app/) chooses them',
  },
  {
    layer: 'web/src/pages',
    forbid: [folder('app')],
    because: 'app/ holds the router that chooses a page; a page never reaches back into it',
  },
];

const isInside = (path, folderPath) => path === folderPath || path.startsWith(`${folderPath}/`);

/**
 * One flat-config block per layer. A block carries its own rules and those of every enclosing layer, because a
 * later block's `no-restricted-imports` replaces an earlier one's for the same file instead of adding to it.
 */
export const layerBoundaryConfigs = (table = layers) =>
  [...table]
    .sort((a, b) => a.layer.split('/').length - b.layer.split('/').length)
    .map((entry) => {
      const applying = table.filter(
        (outer) =>
          isInside(entry.layer, outer.layer) && !(outer.except ?? []).some((skip) => isInside(entry.layer, skip)),
      );
      return {
        name: `layers/${entry.layer}`,
        files: [`${entry.layer}/**`],
        ignores: (entry.except ?? []).map((skip) => `${skip}/**`),
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: applying.flatMap((rule) =>
                rule.forbid.map((target) => ({
                  regex: target.regex,
                  message: `Layer boundary: ${rule.layer}/ may not import ${target.label}: ${rule.because}.`,
                })),
              ),
            },
          ],
        },
      };
    });
