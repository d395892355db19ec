import { PAGE_DEFAULT, PAGE_MAX, pageQuerySchema, taskListQuerySchema } from './paging';

describe('page query', () => {
  it('defaults the limit to 50 and takes 1 to 200', () => {
    expect(pageQuerySchema.parse({})).toEqual({ limit: PAGE_DEFAULT });
    expect(pageQuerySchema.parse({ limit: '1' }).limit).toBe(1);
    expect(pageQuerySchema.parse({ limit: String(PAGE_MAX), cursor: 'abc' })).toEqual({ limit: PAGE_MAX, cursor: 'abc' });
  });

  it.each(['0', '201', 'abc', '-1', '1.5', '', ' ', '99999'])('refuses limit %p naming the field', (limit) => {
    const result = pageQuerySchema.safeParse({ limit });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['limit']);
    expect(result.error?.issues[0]?.message).toBe('Limit must be a whole number from 1 to 200');
  });

  it('refuses a repeated limit (an array) and an over-long cursor', () => {
    expect(pageQuerySchema.safeParse({ limit: ['1', '2'] }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ cursor: 'x'.repeat(2000) }).error?.issues[0]?.path).toEqual(['cursor']);
  });

  it('takes the visible statuses and open as task filters', () => {
    expect(taskListQuerySchema.parse({ status: 'open' }).status).toBe('open');
    expect(taskListQuerySchema.safeParse({ status: 'archived' }).error?.issues[0]?.path).toEqual(['status']);
  });
});
