/** A Socket.IO packet as the adapter broadcasts it: an event's `data` is `[name, ...args]`. */
export interface BroadcastPacket {
  type: number;
  data?: unknown[];
}

export interface BroadcastOptions {
  rooms: Set<string>;
}

export interface BroadcastHooks {
  /** Once per broadcast this node delivers, before any of its sockets gets it. */
  seen(packet: BroadcastPacket, opts: BroadcastOptions): void;
  /** Per receiving socket: true keeps the packet from that socket (whoever returns true takes it over). */
  withhold(socketId: string, packet: BroadcastPacket): boolean;
  /** Once per broadcast, after this node's sockets got it. */
  delivered(packet: BroadcastPacket): void;
}

/** The part of socket.io-adapter's in-memory Adapter the tap wraps (its broadcast calls `_encode`, then `apply`). */
interface TappableAdapter {
  _encode(packet: BroadcastPacket, packetOpts: unknown): unknown;
  apply(opts: BroadcastOptions, callback: (socket: { id: string }) => void): void;
}

/**
 * Sees every broadcast this node delivers to its own sockets: those it publishes and those other nodes relay to
 * it through Redis. Both end in the in-memory Adapter's `broadcast`, which encodes the packet and then, in the
 * same tick, applies it to the local sockets of the rooms; the tap remembers the packet at `_encode` and wraps that
 * `apply`. (A subclass could not do this: the cluster adapter hands remote broadcasts to `super.broadcast`.)
 * Other `apply` calls (joins, leaves, disconnects) are not preceded by `_encode` and pass untouched.
 */
export function tapBroadcasts(adapter: unknown, hooks: BroadcastHooks): void {
  const target = adapter as TappableAdapter;
  if (typeof target._encode !== 'function' || typeof target.apply !== 'function') {
    throw new Error('The Socket.IO adapter has no _encode/apply to tap: check the socket.io-adapter version');
  }
  const encode = target._encode.bind(target);
  const apply = target.apply.bind(target);
  let broadcasting: BroadcastPacket | null = null;
  target._encode = (packet, packetOpts) => {
    broadcasting = packet;
    return encode(packet, packetOpts);
  };
  target.apply = (opts, callback) => {
    const packet = broadcasting;
    broadcasting = null;
    if (!packet) return apply(opts, callback);
    hooks.seen(packet, opts);
    apply(opts, (socket) => {
      if (!hooks.withhold(socket.id, packet)) callback(socket);
    });
    hooks.delivered(packet);
  };
}
