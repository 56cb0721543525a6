// Throttling on top of the shared counters; every refusal is 429 + Retry-After in Spanish.
import { MESSAGES } from '../../shared/api';
import { HttpError } from '../http/errors';
import { policyLimits, type Limit, type RateLimitPolicy } from '../http/rate-limit-policy';
import type { Hit, RateLimitRepository } from './repository';

export { policyLimits, type Limit, type RateLimitPolicy };

export function createRateLimiter(repo: RateLimitRepository, now: () => Date) {
  /** 429 whose Retry-After lasts until `until` (at least one second). */
  function refuse(until: Date): HttpError {
    const ms = until.getTime() - now().getTime();
    return new HttpError(429, MESSAGES.tooManyAttempts, {
      'retry-after': String(Math.max(1, Math.ceil(ms / 1000))),
    });
  }

  return {
    refuse,

    /** Counts one attempt under `key` and returns the count in the current window. */
    hit(key: string, windowMs: number): Promise<Hit> {
      return repo.hit(key, windowMs, now());
    },

    /**
     * Counts one attempt against every limit and throws 429 when any is over its maximum.
     * Counting before the work (not after) keeps concurrent attempts from slipping through.
     */
    async consume(limits: readonly Limit[]): Promise<void> {
      const active = limits.filter((l) => l.max > 0);
      if (active.length === 0) return;
      const t = now();
      const hits = await Promise.all(active.map((l) => repo.hit(l.key, l.windowMs, t)));
      let until: Date | undefined;
      active.forEach((limit, i) => {
        const hit = hits[i]!;
        if (hit.hits > limit.max && (!until || hit.resetAt > until)) until = hit.resetAt;
      });
      if (until) throw refuse(until);
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
