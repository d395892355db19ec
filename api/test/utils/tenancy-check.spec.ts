import { tenancyProblem, tenantTablesIn, type CheckedStatement } from './tenancy-check';

const OWN = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const TASK = '33333333-3333-4333-8333-333333333333';
const TENANT_TABLES = new Set(['tasks', 'users', 'announcements']);

const statement = (sql: string, bindings: unknown[] = [], knownIds: string[] = []): CheckedStatement => ({
  sql,
  bindings,
  companyId: OWN,
  knownIds: new Set(knownIds),
});
const problem = (s: CheckedStatement) => tenancyProblem(s, TENANT_TABLES);

describe('tenancy check', () => {
  it('flags a statement on a tenant table without a company predicate', () => {
    expect(problem(statement('select `t0`.* from `tasks` as `t0` where `t0`.`status` = ?', ['submitted']))).toBe('no company_id predicate on tasks');
  });

  it('passes the same statement with the caller company predicate', () => {
    expect(problem(statement('select `t0`.* from `tasks` as `t0` where `t0`.`status` = ? and `t0`.`company_id` = ?', ['submitted', OWN]))).toBeNull();
  });

  it('flags a company predicate bound to another company', () => {
    expect(problem(statement('select * from tasks t where t.company_id = ?', [OTHER]))).toMatch(/another company/);
  });

  it('passes a join whose scoped table carries the predicate', () => {
    const sql = 'select t.id, u.name from tasks t join users u on u.id = t.assigned_to_id where t.company_id = ? order by t.created_at desc';
    expect(tenantTablesIn(sql, TENANT_TABLES)).toEqual(['tasks', 'users']);
    expect(problem(statement(sql, [OWN]))).toBeNull();
  });

  it('flags a join where no table carries the predicate', () => {
    expect(problem(statement('select t.id from tasks t join users u on u.id = t.assigned_to_id where u.id = ?', [OTHER]))).toBe('no company_id predicate on tasks, users');
  });

  it('passes an insert that writes the caller company', () => {
    expect(problem(statement('insert into `tasks` (`id`, `title`, `company_id`) values (?, ?, ?)', [TASK, 'x', OWN]))).toBeNull();
  });

  it('passes a write by id only for a row the request already reached through a checked statement', () => {
    const update = 'update `tasks` set `title` = ? where `id` = ?';
    expect(problem(statement(update, ['x', TASK], [TASK]))).toBeNull();
    expect(problem(statement(update, ['x', TASK]))).toBe('no company_id predicate on tasks');
  });

  it('does not take a join on a primary key for a lookup by id', () => {
    const sql = 'select ub.user_id, b.icon from user_badges ub join badges b on b.id = ub.badge_id where ub.user_id in (?)';
    expect(tenancyProblem(statement(sql, [TASK], [TASK]), new Set(['user_badges']))).toBe('no company_id predicate on user_badges');
  });

  it('ignores statements on tables without a company', () => {
    expect(problem(statement('select * from companies where id = ?', [OTHER]))).toBeNull();
    expect(problem(statement('begin'))).toBeNull();
  });
});

describe('tenancy check on values MikroORM inlines into the SQL', () => {
  it('reads the company and ids from quoted literals', () => {
    expect(problem(statement(`select * from \`tasks\` as \`t0\` where \`t0\`.\`company_id\` = '${OWN}'`))).toBeNull();
    expect(problem(statement(`select * from \`tasks\` as \`t0\` where \`t0\`.\`company_id\` = '${OTHER}'`))).toMatch(/another company/);
    expect(problem(statement(`update \`tasks\` set \`title\` = 'x' where \`id\` = '${TASK}'`, [], [TASK]))).toBeNull();
    expect(problem(statement(`select * from \`users\` as \`u0\` where \`u0\`.\`id\` = '${TASK}' limit 1`))).toBe('no company_id predicate on users');
  });
});
