import { store } from '../lib/store';
import { monthIn } from '../lib/zonedClock';
import { sessionUserAtom } from './atoms';

/** The signed-in user's company time zone, when the server sent it. */
export const companyZone = (): string | undefined => store.get(sessionUserAtom)?.company?.timeZone;

/** This month in the signed-in user's company: the screens' default period. */
export const companyMonth = (now = new Date()): { year: number; month: number } => monthIn(now, companyZone());
