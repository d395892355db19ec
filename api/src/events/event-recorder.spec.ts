import type { EntityManager } from '@mikro-orm/knex';
import { EventRecorder } from './event-recorder';

/** Just enough of an EntityManager for the recorder's two statements, logging when each starts and ends. */
function fakeEm(log: string[]) {
  const last = new Map<string, number>();
  const execute = async (sql: string, params: unknown[]) => {
    const verb = sql.includes('stream_sequences') ? 'reserve' : 'log';
    log.push(`${verb} start`);
    await new Promise((r) => setTimeout(r, 5));
    log.push(`${verb} end`);
    if (verb === 'log') return [];
    const rows: { stream: string; last_seq: number }[] = [];
    for (let i = 0; i < params.length; i += 2) {
      const stream = params[i] as string;
      last.set(stream, (last.get(stream) ?? 0) + (params[i + 1] as number));
      rows.push({ stream, last_seq: last.get(stream)! });
    }
    return rows;
  };
  return { execute, isInTransaction: () => false, getPlatform: () => ({ processDateProperty: (d: Date) => d.getTime() }) } as unknown as EntityManager;
}

const user = (userId: string) => ({ kind: 'user', userId, companyId: 'c1' }) as const;

describe('EventRecorder closing writes', () => {
  it('reserves the numbers while a closing write runs, and numbers its events after the others', async () => {
    const log: string[] = [];
    const events = new EventRecorder(fakeEm(log));
    events.record('stats.changed', { kind: 'superadmin' }, { companyId: 'c1' });
    events.beforeFlush({
      audiences: () => [user('u1'), user('u1')],
      write: async () => {
        log.push('write start');
        await new Promise((r) => setTimeout(r, 5));
        for (const title of ['first', 'second']) {
          events.record('notification.created', user('u1'), { notification: { title } as never, unread: 1 });
        }
        log.push('write end');
      },
    });
    const { events: recorded } = await events.flush();
    // Both under way before either ended: one trip, not two.
    expect(log.slice(0, 2).sort()).toEqual(['reserve start', 'write start']);
    expect(log.at(-2)).toBe('log start');
    expect(recorded.map((e) => [e.envelope.type, e.envelope.seq])).toEqual([
      ['stats.changed', 1],
      ['notification.created', 1],
      ['notification.created', 2],
    ]);
  });

  it('fails when a closing write records events it did not announce', async () => {
    const events = new EventRecorder(fakeEm([]));
    events.beforeFlush({
      audiences: () => [user('u1')],
      write: async () => {
        // Two events in the company's stream where one was announced: its numbers were reserved for one.
        for (const userId of ['u1', 'u2']) events.record('notification.created', user(userId), { notification: {} as never, unread: 1 });
      },
    });
    await expect(events.flush()).rejects.toThrow('recorded other events than it announced');
  });
});

describe('EventRecorder sinks', () => {
  it("hands a sink every event before they are numbered; the sink's events and its rest ride in the same flush", async () => {
    const log: string[] = [];
    const seen: string[] = [];
    let restDone = false;
    const sink = {
      closingWrite: (_em: unknown, events: readonly { type: string; note?: unknown }[], recorder: EventRecorder) => {
        seen.push(...events.map((e) => `${e.type}:${JSON.stringify(e.note ?? null)}`));
        return {
          audiences: () => [{ kind: 'superadmin' } as const],
          write: async () => {
            recorder.record('stats.changed', { kind: 'superadmin' }, { companyId: 'from-sink' });
            const rest = new Promise<void>((r) => setTimeout(() => ((restDone = true), r()), 5));
            return { rest };
          },
        };
      },
    };
    const events = new EventRecorder(fakeEm(log), [sink]);
    events.record('stats.changed', { kind: 'superadmin' }, { companyId: 'c1' }, { before: null });
    const { events: recorded } = await events.flush();
    expect(seen).toEqual(['stats.changed:{"before":null}']);
    expect(recorded.map((e) => [e.envelope.seq, (e.envelope.payload as { companyId: string }).companyId])).toEqual([
      [1, 'c1'],
      [2, 'from-sink'],
    ]);
    // The flush waited for the sink's rest (sent beside the event log's insert).
    expect(restDone).toBe(true);
  });

  it('calls no sink for a unit of work that recorded nothing', async () => {
    const closingWrite = jest.fn();
    await new EventRecorder(fakeEm([]), [{ closingWrite }]).flush();
    expect(closingWrite).not.toHaveBeenCalled();
  });
});
