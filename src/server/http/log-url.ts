// What a request's URL looks like in the logs: paths that carry a secret (the token of an e-mailed
// password reset link) are written as their route pattern, so a log reader cannot use the link.
import { resetLinkPath } from '../../shared/account';
import { ALERT_UNSUBSCRIBE_PATH } from '../../shared/alert-words';

/**
 * `/recuperar/<token>` and the alert e-mails' unsubscribe links (the page's and the one-click
 * URL's), and any path below them, as the router sees it (decoded once).
 */
const SECRET_PATHS: ReadonlyArray<{ prefix: string; pattern: string }> = [
  { prefix: resetLinkPath(''), pattern: resetLinkPath(':token') },
  { prefix: `${ALERT_UNSUBSCRIBE_PATH}/`, pattern: `${ALERT_UNSUBSCRIBE_PATH}/:token` },
  { prefix: '/api/alerts/unsubscribe/', pattern: '/api/alerts/unsubscribe/:token' },
];

/**
 * The route pattern when `url` (the canonical request target) carries a secret, else undefined.
 * Case-insensitive: the router would not match `/RECUPERAR/…`, but a log must not hold the token
 * either way.
 */
export function secretRoutePattern(url: string): string | undefined {
  const lower = url.toLowerCase();
  return SECRET_PATHS.find(({ prefix }) => lower.startsWith(prefix) && url.length > prefix.length)
    ?.pattern;
}

/**
 * `{ url }`, plus `rawUrl` when the client spelled it otherwise, for a log line; a secret-bearing
 * path is logged as its pattern alone (its raw spelling holds the same secret).
 */
export function loggedUrl(url: string, rawUrl: string): { url: string; rawUrl?: string } {
  const pattern = secretRoutePattern(url) ?? secretRoutePattern(rawUrl);
  if (pattern) return { url: pattern };
  return rawUrl === url ? { url } : { url, rawUrl };
}
