import { rooms, SYSTEM_STREAM } from '@kpi/contracts';
import type { Actor, WallActor } from '../common/auth/actor';

/** The rooms a user's sockets join, chosen by the server from who they are. Clients never name rooms. */
export function roomsFor(actor: Actor): string[] {
  const list = [rooms.user(actor.userId)];
  if (actor.role === 'superadmin') list.push(rooms.superadmin());
  if (actor.companyId) {
    list.push(rooms.company(actor.companyId));
    if (actor.role === 'admin') list.push(rooms.admins(actor.companyId));
  }
  return list;
}

/** A wall display's rooms: its company's wall room and its own (for revocation). No user or company room. */
export const roomsForWall = (wall: WallActor): string[] => [rooms.wall(wall.companyId), rooms.wallDisplay(wall.displayId)];

/** The one event stream a user follows: their company's, or the system stream for the superadmin. */
export const streamFor = (actor: Actor): string => actor.companyId ?? SYSTEM_STREAM;
