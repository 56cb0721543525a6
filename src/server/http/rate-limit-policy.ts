// What a route's spec declares as its rate limit, and the counters it charges; the rate limiter
// the app is decorated with (rate-limit/plugin.ts) counts them.

export interface Limit {
  key: string;
  /** 0 disables this limit. */
  max: number;
  windowMs: number;
}

/**
 * A per-user and per-IP limit a route declares in its spec (`rateLimit`); the router applies it
 * right after authentication, before the body is read. Counts of 0 disable that half.
 */
export interface RateLimitPolicy {
  /** Prefix of the counters' keys; routes that share a name share their counters. */
  name: string;
  perUser: number;
  perIp: number;
  windowMs: number;
}

/** The counters a policy charges for one request (the user's only when there is a session). */
export function policyLimits(
  policy: RateLimitPolicy,
  ip: string,
  userId: number | undefined,
): Limit[] {
  const limits: Limit[] = [
    { key: `${policy.name}:ip:${ip}`, max: policy.perIp, windowMs: policy.windowMs },
  ];
  if (userId !== undefined) {
    limits.push({
      key: `${policy.name}:user:${userId}`,
      max: policy.perUser,
      windowMs: policy.windowMs,
    });
  }
  return limits;
}
