import { z } from 'zod';

/** One dependency's state; `error` says why it is down (no secrets: the URL is never included). */
export const dependencyHealthSchema = z.object({
  status: z.enum(['up', 'down']),
  error: z.string().optional(),
});

/**
 * GET /health: 200 when every configured dependency answers, 503 naming the one that does not.
 * `redis` is present only when REDIS_URL is configured.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  checks: z.object({
    database: dependencyHealthSchema,
    redis: dependencyHealthSchema.optional(),
  }),
});
export type Health = z.infer<typeof healthSchema>;
export type DependencyHealth = z.infer<typeof dependencyHealthSchema>;
