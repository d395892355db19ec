import type { AnyEnvelope } from '@kpi/contracts';
import type { Committed } from '../events/commit-feed';
import { disconnectsFor, REVOKED_MESSAGE_GRACE_MS } from './disconnects';

const base = { id: 'e1', seq: 1, at: '2026-11-20T10:00:00.000Z', companyId: null };
const committed = (over: Partial<Committed>): Committed => ({ events: [], notices: [], ...over });

describe('disconnectsFor', () => {
  it('closes a revoked user’s sockets after their message had a moment to leave', () => {
    const envelope: AnyEnvelope = { ...base, type: 'session.revoked', payload: { reason: 'deactivated', tokenVersion: 2 } };
    expect(disconnectsFor(committed({ events: [{ envelope, audience: { kind: 'user', userId: 'u1', companyId: 'c1' } }] }))).toEqual([
      { room: 'user:u1', afterMs: REVOKED_MESSAGE_GRACE_MS },
    ]);
  });

  it('closes a deleted company’s wall displays, and a revoked display, at once', () => {
    const envelope: AnyEnvelope = { ...base, type: 'company.deleted', payload: { companyId: 'c1' } };
    expect(
      disconnectsFor(committed({ events: [{ envelope, audience: { kind: 'superadmin' } }], notices: [{ type: 'wall.revoked', payload: { displayId: 'd1' } }] })),
    ).toEqual([
      { room: 'wall:c1', afterMs: 0 },
      { room: 'wall-display:d1', afterMs: 0 },
    ]);
  });

  it('closes nothing for other events', () => {
    const envelope: AnyEnvelope = { ...base, type: 'stats.changed', payload: { companyId: 'c1' } };
    expect(disconnectsFor(committed({ events: [{ envelope, audience: { kind: 'superadmin' } }] }))).toEqual([]);
  });
});
