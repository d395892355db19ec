import type { AnyEnvelope, ClientToServerEvents, EventType, LiveNotes, LiveNoteType, ServerControl, ServerToClientEvents } from '@kpi/contracts';
import type { Server } from 'socket.io';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/**
 * Anything that sends to sockets: a room (`server.to(room)`, `server.local.to(room)`) or one socket. Socket.IO's
 * own typing cannot follow an envelope whose type is only known as a union, so the helpers below take the
 * envelope whole: its type already names its payload (contracts' EventPayloads), which is what the wire carries.
 */
export interface SocketTarget {
  emit(type: EventType | keyof ServerControl | LiveNoteType, message: AnyEnvelope | ServerControl[keyof ServerControl] | LiveNotes[LiveNoteType]): boolean;
}

/** Sends one event, under its own name, as its envelope. Every event the server sends goes through here. */
export function emitEvent(target: SocketTarget, envelope: AnyEnvelope): void {
  target.emit(envelope.type, envelope);
}

/** Sends a control message (`sync`, `resync`), which stands outside the event log. */
export function emitControl<K extends keyof ServerControl>(target: SocketTarget, type: K, message: ServerControl[K]): void {
  target.emit(type, message);
}

/** Sends a live note (contracts' LiveNotes): no envelope, no sequence number, outside the event log. */
export function emitNote<K extends LiveNoteType>(target: SocketTarget, type: K, note: LiveNotes[K]): void {
  target.emit(type, note);
}
