// The rate limiter every route shares. Its counters live in the database rather than in memory
// (or @fastify/rate-limit's store): all processes on one PostgreSQL share them, and they survive
// restarts, so neither more processes nor a restart gives an attacker more attempts.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRateLimiter, type RateLimiter } from './limiter';
import { createRateLimitRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    limiter: RateLimiter;
  }
}

export const rateLimiter = fp(
  async (app: FastifyInstance) => {
    app.decorate('limiter', createRateLimiter(createRateLimitRepository(app.db), app.now));
  },
  { name: 'rate-limiter', dependencies: ['database'] },
);
