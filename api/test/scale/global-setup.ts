import { checkScaleEnv, inCi } from './requirements';

/** Before any scale-out test file: in CI a missing DATABASE_URL/REDIS_URL fails the run; elsewhere it says, loudly, that the suite is skipped. */
export default function globalSetup(): void {
  const check = checkScaleEnv();
  if ('env' in check) return;
  if (inCi()) throw new Error(`${check.problem} (CI=true: failing rather than skipping)`);
  process.stderr.write(`\n${'*'.repeat(100)}\n*** SKIPPED: ${check.problem}\n${'*'.repeat(100)}\n\n`);
}
