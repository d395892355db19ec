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

/**
 * `layer`: a folder, relative to the repository root; the rule holds for every file under it, tests included.
 * `except`: subfolders the rule does not cover. Nested layers inherit their parents' rules.
 */
export const layers = [
  {
    layer: 'api/src',
    except: ['api/src/config', 'api/src/database'],
    forbid: [pkg('@mikro-orm/sqlite'), pkg('@mikro-orm/postgresql')],
    because:
      'only config/ and database/ know which SQL driver runs; import EntityManager from @mikro-orm/knex ' +
      '(or @mikro-orm/core when no query builder is needed)',
  },
  {
    layer: 'api/src/common',
    forbid: [folder('modules'), folder('events'), folder('realtime')],
    because: 'common/ is the bottom layer; reach a module through a port (an interface and injection token) instead',
  },
  {
    layer: 'api/src/database',
    forbid: [folder('modules'), folder('schema'), folder('seed'), folder('events'), folder('realtime')],
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
    because: 'only the composition (config/, bootstrap) knows the entity list, the migrations and the demo seed',
  },
  {
    layer: 'api/src/events',
    forbid: [folder('modules'), folder('realtime')],
    because: 'events/ is the outbox only (recorder, log, unit of work); the socket side lives in realtime/',
  },
  {
    layer: 'api/src/modules',
    forbid: [folder('realtime')],
    because: 'services never touch sockets: record an event and let realtime/ act on it after commit',
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
    layer: 'web/src/components',
    forbid: [folder('features'), folder('app'), folder('pages'), folder('session'), pkg('jotai')],
    because: 'components/ are presentational: they get data through props and never read the store',
  },
  {
    layer: 'web/src/lib',
    // The one jotai store lives in app/store.ts (docs/architecture.md#layers) and non-React code in lib/ writes atoms through it.
    forbid: [folder('features'), folder('pages'), folder('app', { except: 'store' })],
    because: 'lib/ sits under the features; only the store may be taken from app/',
  },
  {
    layer: 'web/src/session',
    // The signed-in person, their company's clock and their home route: the base every feature reads.
    forbid: [folder('features'), folder('pages'), folder('app', { except: 'store' })],
    because: 'session/ is the base layer under the features; only the store may be taken from app/',
  },
  {
    layer: 'web/src/features',
    forbid: [folder('pages')],
    because: 'pages compose features, never the other way round',
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
