// Login throttling that stops guessing without letting anyone lock another person out.
//
// Failures are counted per IP and per e-mail-and-IP; going over either blocks only that client.
// Failures per e-mail from all IPs never block by themselves: past their threshold the e-mail
// counts as under attack, and then each IP may fail only a few times for it, while a client that
// has not failed for it still gets its password checked. Successful logins count too, per IP
// (every attempt) and per account, so one password cannot drive unbounded argon2 work or
// sessions. Unknown e-mails are counted exactly like known ones, so 429s reveal nothing either.
import type { Config } from '../config';
import type { Hit } from '../rate-limit/repository';
import type { RateLimiter } from '../rate-limit/limiter';

/** Failures one IP may still make for an e-mail while that e-mail is under attack. */
const UNDER_ATTACK_FAILURES_PER_IP = 3;

export interface LoginAttempt {
  /** The password was right: its provisional failure is forgiven and it counts as a login. */
  succeeded(userId: number): Promise<void>;
}

export function createLoginThrottle(limiter: RateLimiter, limits: Config['rateLimits']) {
  const {
    loginPerIp,
    loginPerEmail,
    loginPerEmailGlobal,
    loginAttemptsPerIp,
    loginPerAccount,
    loginWindowMs: windowMs,
  } = limits;

  const count = (active: boolean, key: string): Promise<Hit | null> =>
    active ? limiter.hit(key, windowMs) : Promise.resolve(null);

  return {
    /**
     * Before the password is checked: counts the attempt, provisionally as a failure, and throws
     * 429 when this client may not try this e-mail now. `email` must be normalised.
     */
    async begin(ip: string, email: string): Promise<LoginAttempt> {
      const keys = {
        attempts: `login:attempts:ip:${ip}`,
        ipFailures: `login:fail:ip:${ip}`,
        pairFailures: `login:fail:email-ip:${email}|${ip}`,
        emailFailures: `login:fail:email:${email}`,
      };
      const refuse = (until: Date[]) =>
        limiter.refuse(new Date(Math.max(...until.map((d) => d.getTime()))));

      // The IP's own counters first: a refused IP adds no rows for the e-mails it sprays.
      const [attempts, ipFailures] = await Promise.all([
        count(loginAttemptsPerIp > 0, keys.attempts),
        count(loginPerIp > 0, keys.ipFailures),
      ]);
      const blockedUntil: Date[] = [];
      if (attempts && attempts.hits > loginAttemptsPerIp) blockedUntil.push(attempts.resetAt);
      if (ipFailures && ipFailures.hits > loginPerIp) blockedUntil.push(ipFailures.resetAt);
      if (blockedUntil.length > 0) throw refuse(blockedUntil);

      const [pairFailures, emailFailures] = await Promise.all([
        count(loginPerEmail > 0 || loginPerEmailGlobal > 0, keys.pairFailures),
        count(loginPerEmailGlobal > 0, keys.emailFailures),
      ]);
      if (pairFailures && loginPerEmail > 0 && pairFailures.hits > loginPerEmail)
        blockedUntil.push(pairFailures.resetAt);
      if (
        pairFailures &&
        emailFailures &&
        emailFailures.hits > loginPerEmailGlobal &&
        pairFailures.hits > UNDER_ATTACK_FAILURES_PER_IP
      ) {
        // Either window ending lifts this block: the pair's or the e-mail's.
        blockedUntil.push(
          pairFailures.resetAt < emailFailures.resetAt
            ? pairFailures.resetAt
            : emailFailures.resetAt,
        );
      }
      if (blockedUntil.length > 0) throw refuse(blockedUntil);

      return {
        async succeeded(userId: number) {
          await Promise.all([
            ipFailures ? limiter.refund(keys.ipFailures) : undefined,
            pairFailures ? limiter.reset(keys.pairFailures) : undefined,
            emailFailures ? limiter.refund(keys.emailFailures) : undefined,
          ]);
          await limiter.consume([
            { key: `login:ok:user:${userId}`, max: loginPerAccount, windowMs },
          ]);
        },
      };
    },
  };
}
