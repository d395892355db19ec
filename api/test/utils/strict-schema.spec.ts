import { z } from 'zod';
import { strictSchema } from './strict-schema';

describe('strictSchema', () => {
  const answer = z.object({
    _id: z.string(),
    owner: z.object({ name: z.string() }).nullable(),
    items: z.array(z.object({ n: z.number(), note: z.string().optional() })),
    either: z.union([z.object({ a: z.string() }), z.null()]),
    byKey: z.record(z.string(), z.object({ v: z.boolean() })),
  });
  const good = { _id: 'x', owner: { name: 'Ada' }, items: [{ n: 1 }], either: { a: 'y' }, byKey: { k: { v: true } } };
  const strict = strictSchema(answer);

  it('takes an answer with exactly the fields of its contract', () => {
    expect(strict.safeParse(good).success).toBe(true);
  });

  it.each<[string, unknown]>([
    ['at the top', { ...good, extra: 1 }],
    ['in a nullable object', { ...good, owner: { name: 'Ada', passwordHash: 'h' } }],
    ['in a list item', { ...good, items: [{ n: 1, extra: true }] }],
    ['in a union member', { ...good, either: { a: 'y', b: 'z' } }],
    ['in a record value', { ...good, byKey: { k: { v: true, w: false } } }],
  ])('refuses an extra field %s', (_where, body) => {
    expect(strict.safeParse(body).success).toBe(false);
  });

  it('refuses a missing field, as the contract does', () => {
    const { owner: _owner, ...withoutOwner } = good;
    expect(strict.safeParse(withoutOwner).success).toBe(false);
  });

  it('throws on a kind of schema it has no rule for, rather than checking loosely', () => {
    expect(() => strictSchema(z.object({ m: z.map(z.string(), z.object({})) }))).toThrow(/no rule for a map schema/);
  });
});
