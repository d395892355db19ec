import { EventEmitter } from 'node:events';
import { of } from 'rxjs';
import { PushOnlyIoAdapter } from './push-only-io.adapter';

// What it saves (the per-socket disconnect observable, about 1.7 kB of heap a socket) is measured by the bench's
// `connect` scenario (heap kB/socket); here, that a gateway with message handlers still gets them.

type Socket = Parameters<PushOnlyIoAdapter['bindMessageHandlers']>[0];

describe('PushOnlyIoAdapter', () => {
  const adapter = new PushOnlyIoAdapter();
  const transform = (value: unknown) => of(value);

  it("still hands a gateway's messages to its handlers, as Nest's adapter does", () => {
    const socket = new EventEmitter();
    const seen: unknown[] = [];
    adapter.bindMessageHandlers(socket as unknown as Socket, [{ message: 'ping', methodName: 'ping', isAckHandledManually: false, callback: (data: unknown) => (seen.push(data), Promise.resolve()) }], transform);
    socket.emit('ping', { n: 1 });
    expect(seen).toEqual([{ n: 1 }]);
  });
});
