/**
 * What the scale-out suite needs: DATABASE_URL naming a PostgreSQL server and REDIS_URL naming a Redis. In CI
 * (CI=true) a missing one is a failure, never a skip, so a green run means the suite ran. Kept free of imports:
 * jest's global setup loads it too.
 */
export interface ScaleEnv {
  /** Where to create the scratch databases: the server and credentials of DATABASE_URL. */
  databaseUrl: string;
  redisUrl: string;
}

export const inCi = (env: NodeJS.ProcessEnv = process.env): boolean => !!env.CI && !['false', '0'].includes(env.CI.toLowerCase());

export function checkScaleEnv(env: NodeJS.ProcessEnv = process.env): { env: ScaleEnv } | { problem: string } {
  const databaseUrl = env.DATABASE_URL ?? '';
  const redisUrl = env.REDIS_URL ?? '';
  const missing = [
    ...(/^postgres(ql)?:\/\//.test(databaseUrl) ? [] : ['DATABASE_URL=postgres://…']),
    ...(/^rediss?:\/\//.test(redisUrl) ? [] : ['REDIS_URL=redis://…']),
  ];
  if (missing.length === 0) return { env: { databaseUrl, redisUrl } };
  return {
    problem:
      `The scale-out suite needs ${missing.join(' and ')}, e.g. ` +
      'DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm run test:scale',
  };
}
