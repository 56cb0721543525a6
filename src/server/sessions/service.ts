// Session life cycle: random token in a cookie, its hash in the database, idle and absolute expiry.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentSession, SessionUser } from '../http/session';
import { clearedSessionCookie, hasSessionCookie, readSessionToken, sessionCookie } from './cookie';
import type { SessionRepository } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_IDLE_MS = 7 * DAY_MS;
const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** last_seen_at is refreshed at most this often, so reads do not turn into writes. */
const SESSION_TOUCH_INTERVAL_MS = 60_000;

export type { CurrentSession, SessionUser };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function isSecureRequest(request: FastifyRequest): boolean {
  // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY allows it.
  return request.protocol === 'https';
}

export interface SessionOptions {
  /** Live sessions kept per user; a login beyond it ends the oldest. 0: no cap. */
  maxPerUser?: number;
}

export function createSessionService(
  repo: SessionRepository,
  now: () => Date,
  options: SessionOptions = {},
) {
  function clearCookie(request: FastifyRequest, reply: FastifyReply) {
    reply.header('set-cookie', clearedSessionCookie(isSecureRequest(request)));
  }

  async function lookup(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<CurrentSession | null> {
    const cookieHeader = request.headers.cookie;
    const token = readSessionToken(cookieHeader);
    if (token === null) {
      if (hasSessionCookie(cookieHeader)) clearCookie(request, reply);
      return null;
    }
    const tokenHash = hashToken(token);
    const row = await repo.findWithUser(tokenHash);
    if (!row) {
      clearCookie(request, reply);
      return null;
    }
    const t = now().getTime();
    const idle = t - row.last_seen_at.getTime();
    const age = t - row.created_at.getTime();
    if (idle >= SESSION_IDLE_MS || age >= SESSION_ABSOLUTE_MS) {
      await repo.delete(tokenHash);
      clearCookie(request, reply);
      return null;
    }
    if (idle >= SESSION_TOUCH_INTERVAL_MS) await repo.touch(tokenHash, new Date(t));
    return {
      tokenHash,
      user: { id: row.user_id, name: row.name, email: row.email, role: row.role },
    };
  }

  return {
    /** The requester's live session; the database is asked only when the cookie is present. */
    current(request: FastifyRequest, reply: FastifyReply): Promise<CurrentSession | null> {
      // Kept on the request (a field every request has, see plugin.ts): asked once per request.
      request.sessionLookup ??= lookup(request, reply);
      return request.sessionLookup;
    },

    /**
     * A fresh token on every login; the token the browser sent before (if any) dies, and so do
     * the user's oldest sessions beyond the cap.
     */
    async start(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
      const previous = readSessionToken(request.headers.cookie);
      if (previous) await repo.delete(hashToken(previous));
      const t = now();
      await repo.purgeExpired(
        new Date(t.getTime() - SESSION_IDLE_MS),
        new Date(t.getTime() - SESSION_ABSOLUTE_MS),
        userId,
      );
      const token = randomBytes(32).toString('base64url');
      await repo.insert(hashToken(token), userId, t, options.maxPerUser ?? 0);
      reply.header(
        'set-cookie',
        sessionCookie(token, SESSION_ABSOLUTE_MS / 1000, isSecureRequest(request)),
      );
    },

    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const token = readSessionToken(request.headers.cookie);
      if (token) await repo.delete(hashToken(token));
      clearCookie(request, reply);
    },

    /** Tells the browser to forget its session cookie. */
    clearCookie,

    purgeExpired(): Promise<number> {
      const t = now().getTime();
      return repo.purgeExpired(new Date(t - SESSION_IDLE_MS), new Date(t - SESSION_ABSOLUTE_MS));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
