// The layer rules of eslint.config.mjs report an import that crosses a boundary, and only such imports.
// Each case lints one import line as if it were a file at the given path (the file need not exist).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Only the boundary rule runs, on a plain parse: the type-aware rules would build whole TypeScript programs.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

const boundaryReports = async (filePath, specifier) => {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, {
    filePath: join(root, filePath),
  });
  assert.deepEqual(result.messages.filter((m) => m.fatal), [], 'the snippet parses');
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

const forbidden = [
  ['api/src/common/x.ts', '../modules/users/user.entity', 'api/src/common/ may not import modules/'],
  ['api/src/common/auth/x.ts', '../../realtime/publisher', 'api/src/common/ may not import realtime/'],
  ['api/src/events/x.ts', '../realtime/publisher', 'api/src/events/ may not import realtime/'],
  ['api/src/modules/tasks/x.ts', '../../realtime/publisher', 'api/src/modules/ may not import realtime/'],
  ['api/src/modules/tasks/x.ts', '@mikro-orm/sqlite', 'api/src/ may not import @mikro-orm/sqlite'],
  ['api/src/common/x.ts', '@mikro-orm/postgresql', 'api/src/ may not import @mikro-orm/postgresql'],
  ['api/src/modules/kpi/x.ts', '../leaderboard/ranking', 'api/src/modules/kpi/ may not import modules/leaderboard/'],
  ['api/src/modules/kpi/x.ts', '../../modules/leaderboard/ranking', 'api/src/modules/kpi/ may not import modules/leaderboard/'],
  ['api/src/modules/leaderboard/x.ts', '../kpi/kpi.service', 'api/src/modules/leaderboard/ may not import modules/kpi/'],
  ['api/src/database/x.ts', '../modules/users/user.entity', 'api/src/database/ may not import modules/'],
  ['api/src/database/x.ts', '../schema/entities', 'api/src/database/ may not import schema/'],
  ['api/src/schema/migrations/x.ts', '../../modules/stats/score-aggregates.repository', 'api/src/schema/migrations/ may not import modules/'],
  ['api/src/schema/migrations/postgresql/x.ts', '../../../common/periods/periods', 'api/src/schema/migrations/ may not import common/'],
  ['api/src/schema/migrations/x.ts', '@kpi/contracts', 'api/src/schema/migrations/ may not import @kpi/contracts'],
  ['api/src/modules/tasks/x.ts', '../../seed/demo', 'api/src/modules/ may not import seed/'],
  ['web/src/components/x.tsx', '../features/account/LoginForm', 'web/src/components/ may not import features/'],
  ['web/src/components/x.tsx', '../session/atoms', 'web/src/components/ may not import session/'],
  ['web/src/session/x.ts', '../features/tasks/atoms', 'web/src/session/ may not import features/'],
  ['web/src/session/x.ts', '../app/router', 'web/src/session/ may not import app/'],
  ['web/src/components/ui/x.tsx', '../../app/store', 'web/src/components/ may not import app/'],
  ['web/src/components/ui/x.tsx', 'jotai', 'web/src/components/ may not import jotai'],
  ['web/src/lib/x.ts', '../app/router', 'web/src/lib/ may not import app/'],
  ['web/src/lib/x.ts', '../components/ui', 'web/src/lib/ may not import components/'],
  ['web/src/features/tasks/x.tsx', '../../shell/DashboardShell', 'web/src/features/ may not import shell/'],
  ['web/src/shell/x.tsx', '../pages/admin/TasksPage', 'web/src/shell/ may not import pages/'],
  ['web/src/pages/admin/x.tsx', '../../app/router', 'web/src/pages/ may not import app/'],
  ['api/src/config/x.ts', '../common/request-scope/request-scope', 'api/src/config/ may not import common/'],
  ['api/src/config/x.ts', '../schema/entities', 'api/src/config/ may not import schema/'],
  ['api/src/common/x.ts', '../database/bound-sql', 'api/src/common/ may not import database/'],
  ['api/src/modules/tasks/x.ts', '../../openapi/openapi-document', 'api/src/modules/ may not import openapi/'],
  ['api/src/events/x.ts', '../schema/entities', 'api/src/events/ may not import schema/'],
  ['web/src/features/tasks/x.tsx', '../../pages/admin/TasksPage', 'web/src/features/ may not import pages/'],
];

for (const [filePath, specifier, expected] of forbidden) {
  test(`${filePath} importing ${specifier} fails lint`, async () => {
    const reports = await boundaryReports(filePath, specifier);
    assert.equal(reports.length, 1, `one report, got ${JSON.stringify(reports)}`);
    assert.match(reports[0], new RegExp(`Layer boundary: ${expected.replace(/[()]/g, '\\$&')}:`));
  });
}

const allowed = [
  ['api/src/modules/tasks/x.ts', '../../common/auth/actor'],
  ['api/src/modules/tasks/x.ts', '../../events/event-recorder'],
  ['api/src/modules/tasks/x.ts', '@mikro-orm/knex'],
  ['api/src/database/x.ts', '@mikro-orm/sqlite'],
  ['api/src/database/x.ts', '../common/tenancy/scope'],
  ['api/src/schema/migrations/postgresql/x.ts', '../Migration20261129000000_score_aggregates.backfill'],
  ['api/src/seed/x.ts', '../modules/users/user.entity'],
  ['api/src/schema/x.ts', '@mikro-orm/postgresql'],
  ['api/src/schema/x.ts', '../common/request-scope/request-scope'],
  ['api/src/modules/tasks/x.ts', '../../common/http/responds'],
  ['api/src/realtime/x.ts', '../modules/walls/walls.service'],
  ['api/src/modules/kpi/x.ts', './kpi.queries'],
  ['api/src/modules/kpi/x.ts', '../../common/leaderboard/ranking'],
  ['web/src/session/x.ts', '../lib/store'],
  ['web/src/shell/x.tsx', '../session/atoms'],
  ['web/src/shell/x.tsx', '../features/notifications/NotificationBell'],
  ['web/src/pages/admin/x.tsx', '../../shell/DashboardShell'],
  ['web/src/features/tasks/x.tsx', '../../session/atoms'],
  ['web/src/features/tasks/x.tsx', '../../lib/store'],
  ['web/src/components/ui/x.tsx', '../../lib/format'],
];

for (const [filePath, specifier] of allowed) {
  test(`${filePath} may import ${specifier}`, async () => {
    assert.deepEqual(await boundaryReports(filePath, specifier), []);
  });
}
