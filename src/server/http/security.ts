// Headers on every response, the cross-site request check for state-changing requests, and the
// one spelling of a request's path that the router and every check agree on.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/api';
import { HttpError } from './errors';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine injects <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  // Dog photos may be any https URL the owner typed.
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
};

export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(SECURITY_HEADERS);
  if (request.protocol === 'https') {
    reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
  }
  // API answers carry personal data (owners' e-mails, the session user): never cache them.
  if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
}

/** The path of a request target: everything before its query string (`?`) or fragment (`#`). */
export function pathOf(url: string): string {
  // Like the router, the first character (the leading slash) is never a delimiter.
  for (let i = 1; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 63 || c === 35) return url.slice(0, i);
  }
  return url;
}

export function isApiPath(url: string): boolean {
  const path = pathOf(url);
  return path === '/api' || path.startsWith('/api/');
}

const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

/**
 * The request target with its path percent-decoded exactly as the router decodes it before
 * matching (find-my-way: `decodeURI`, so escapes of reserved characters such as `%2F` and `%3F`
 * stay, and `%25` stays `%25`), absolute-form targets (`http://host/path`) reduced to their path,
 * the query string untouched. The app installs it as Fastify's `rewriteUrl`, so `request.url`
 * is what the router matched on: `/%61pi/user/%75serLogout` is `/api/user/userLogout` for the
 * router, the cross-site check, the no-store rule and the static files alike. Decoding the result
 * again changes nothing, so the router cannot see another path than the checks do.
 *
 * A malformed target (a `%` not followed by valid UTF-8 escapes) is returned as it is: the
 * router refuses it with 400 before any hook or handler runs. Never throws.
 */
export function canonicalRequestTarget(url: string): string {
  let target = url;
  if (!target.startsWith('/')) {
    const authority = ABSOLUTE_FORM.exec(target);
    // Anything else (`*`, `a/b`, a fragment after the authority) matches no route.
    if (!authority || target.includes('#')) return url;
    target = target.slice(authority[0].length);
    if (!target.startsWith('/')) target = `/${target}`;
  }
  const path = pathOf(target);
  if (!path.includes('%')) return target;
  try {
    // %25 is kept encoded so that a literal "%41" in a name never becomes "A" on a second pass.
    return decodeURI(path.replace(/%25/g, '%2525')) + target.slice(path.length);
  } catch {
    return url;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes that change state whatever their method (logout is a GET in the API table). */
const STATE_CHANGING_ROUTES = new Set(['/api/user/userLogout']);

/**
 * Refuses state-changing requests sent by another site (CSRF defence on top of SameSite=Lax).
 * The route is the one the router matched (any method: Fastify answers HEAD with the GET
 * handler), never a test on the URL's spelling.
 */
export function checkSameOrigin(request: FastifyRequest): void {
  const route = request.routeOptions.url;
  const changesState =
    UNSAFE_METHODS.has(request.method) || (route !== undefined && STATE_CHANGING_ROUTES.has(route));
  if (!changesState) return;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') {
    throw forbidden(request, 'sec-fetch-site: cross-site');
  }
  const origin = request.headers.origin;
  if (origin === undefined) return; // non-browser clients and old browsers
  const own = `${request.protocol}://${request.host}`;
  if (origin.toLowerCase() !== own.toLowerCase()) {
    throw forbidden(request, `foreign origin ${origin}`);
  }
}

function forbidden(request: FastifyRequest, reason: string): HttpError {
  request.log.warn(
    { event: 'forbidden_origin', reason, method: request.method, url: request.url },
    'cross-site request refused',
  );
  return new HttpError(403, MESSAGES.foreignOrigin);
}
