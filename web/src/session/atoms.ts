import type { User } from '@kpi/contracts';
import { atom } from '../lib/store';

/** The signed-in user, or null. Partly updated locally (password change) and live (user.updated). */
export const sessionUserAtom = atom<User | null>(null);

/** 'loading' until the stored token has been verified (or found missing) at start. */
export const sessionStatusAtom = atom<'loading' | 'ready'>('loading');
