// Headers on every response and the cross-site request check for state-changing requests.
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

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests sent by another site (CSRF defence on top of SameSite=Lax).
 * Logout is a GET in the API table but changes state too, so it is checked as well.
 */
export function checkSameOrigin(request: FastifyRequest): void {
  const changesState =
    UNSAFE_METHODS.has(request.method) || request.url.startsWith('/api/user/userLogout');
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
