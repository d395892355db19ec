import { IoAdapter } from '@nestjs/platform-socket.io';

/**
 * Nest's Socket.IO adapter for a gateway that only pushes: the clients send nothing the server handles (no
 * `@SubscribeMessage`; a client's own emits are ignored, docs/architecture.md "realtime"). Nest's adapter builds a
 * disconnect observable for every socket all the same, to end the message handlers it would bind; with none to
 * end, that chain is about 1 kB of heap per connected socket and is never used, so this adapter skips it.
 */
export class PushOnlyIoAdapter extends IoAdapter {
  override bindMessageHandlers(...args: Parameters<IoAdapter['bindMessageHandlers']>): void {
    const [, handlers] = args;
    if (handlers.length > 0) super.bindMessageHandlers(...args);
  }
}
