// Login and register throttling on top of the shared counters; answers 429 in Spanish.
import { MESSAGES } from '../../shared/api';
import { HttpError } from '../http/errors';
import type { RateLimitRepository } from './repository';

export interface Limit {
  key: string;
  /** 0 disables this limit. */
  max: number;
  windowMs: number;
}

export function createRateLimiter(repo: RateLimitRepository, now: () => Date) {
  return {
    /**
     * Counts one attempt against every limit and throws 429 when any is over its maximum.
     * Counting before the work (not after) keeps concurrent attempts from slipping through.
     */
    async consume(limits: readonly Limit[]): Promise<void> {
      const active = limits.filter((l) => l.max > 0);
      if (active.length === 0) return;
      const t = now();
      const hits = await Promise.all(active.map((l) => repo.hit(l.key, l.windowMs, t)));
      let retryAfterMs = 0;
      active.forEach((limit, i) => {
        const hit = hits[i]!;
        if (hit.hits > limit.max) {
          retryAfterMs = Math.max(retryAfterMs, hit.resetAt.getTime() - t.getTime());
        }
      });
      if (retryAfterMs > 0) {
        throw new HttpError(429, MESSAGES.tooManyAttempts, {
          'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
        });
      }
    },

    /** Forgets one attempt under `key` (it succeeded and should not count as a failure). */
    async refund(key: string): Promise<void> {
      await repo.unhit(key);
    },

    async reset(key: string): Promise<void> {
      await repo.clear(key);
    },

    purgeExpired(): Promise<number> {
      return repo.purgeExpired(now());
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
