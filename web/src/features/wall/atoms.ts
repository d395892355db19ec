import type { WallBoard } from '@kpi/contracts';
import { atom } from '../../lib/store';
import { readWallToken } from './token';

/** The paired display's token (also in local storage): null while the screen shows a pairing code. */
export const wallTokenAtom = atom<string | null>(readWallToken());

/** The code on screen while waiting to be paired, shown as 'ABC-234'. */
export const wallPairingAtom = atom<{ code: string; expiresAt: string } | null>(null);
/** Why no code can be shown or checked right now ('Cannot reach the server…'); null when all is well. */
export const wallPairingProblemAtom = atom<string | null>(null);

/** What the wall shows: the fetch fills it, the relayed events keep it live. */
export const wallBoardAtom = atom<WallBoard | null>(null);

/** 'live' once the server said the socket joined; 'lost' while disconnected (the stale banner shows). */
export type WallConnection = 'connecting' | 'live' | 'lost';
export const wallConnectionAtom = atom<WallConnection>('connecting');

/** Since when the wall has been without the server (ms); null while connected. After a while the stale banner shows. */
export const wallLostSinceAtom = atom<number | null>(null);

/** When the board on screen last changed or was confirmed by a fetch (ms). */
export const wallUpdatedAtAtom = atom<number | null>(null);

/** A score that just landed for one executive: by how much their total rose, and which landing it was. */
export interface Celebration {
  delta: number;
  stamp: number;
}
/** Executives whose score just landed, by user id: their rows celebrate briefly. */
export const wallCelebrationsAtom = atom<ReadonlyMap<string, Celebration>>(new Map());
