import type { EntityManager } from '@mikro-orm/knex';
import { conflict, invalid } from '../../common/errors/app-error';
import { ScoringKey } from './scoring-key.entity';

/** How long a key is remembered: a client retries within seconds; a day covers an offline laptop. */
export const SCORING_KEY_TTL_MS = 24 * 60 * 60 * 1000;

const KEY = /^[\x21-\x7e]{1,128}$/;

/** The `Idempotency-Key` header, checked: printable ASCII, at most 128 characters, or absent. */
export function parseIdempotencyKey(raw: unknown): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !KEY.test(raw)) throw invalid('Idempotency-Key must be 1 to 128 printable characters', 'Idempotency-Key');
  return raw;
}

/**
 * Records a scoring's key in the scoring's own transaction. Returns true when the key was already used for this
 * task: the retry must change nothing. Runs after the task row is locked, so two retries in flight take turns.
 */
export async function isRetriedScoring(em: EntityManager, companyId: string, key: string, taskId: string): Promise<boolean> {
  const seen = await em.findOne(ScoringKey, { companyId, key });
  if (seen && seen.createdAt.getTime() > Date.now() - SCORING_KEY_TTL_MS) {
    if (seen.taskId !== taskId) throw conflict('This Idempotency-Key was already used for another task');
    return true;
  }
  // An expired key is reused as if new.
  if (seen) Object.assign(seen, { taskId, createdAt: new Date() });
  else em.persist(em.create(ScoringKey, { companyId, key, taskId }));
  await em.flush();
  return false;
}

/** Forgets keys past their lifetime (called hourly by ScoringKeyPruner). */
export const pruneScoringKeys = (em: EntityManager, now = Date.now()): Promise<number> =>
  em.nativeDelete(ScoringKey, { createdAt: { $lt: new Date(now - SCORING_KEY_TTL_MS) } });
