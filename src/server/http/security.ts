// The security plugin: headers on every response, the cross-site request check for
// state-changing requests, and the one spelling of a request's path that the router and every
// check agree on. Pages and files get helmet's headers, prepared once, with a per-response script
// nonce; API answers (JSON, never rendered as a document) get a short policy of their own.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { MESSAGES } from '../../shared/api';
import { HttpError } from './errors';
import { loggedUrl } from './log-url';

const SCRIPT_NONCE = Symbol('scriptNonce');
type WithNonce = ServerResponse & { [SCRIPT_NONCE]?: string };

/** 16 random bytes per nonce, drawn from a pool refilled by the CSPRNG (one call per 256). */
let pool = Buffer.alloc(0);
let poolOffset = 0;
function newNonce(): string {
  if (poolOffset + 16 > pool.length) {
    pool = randomBytes(16 * 256);
    poolOffset = 0;
  }
  poolOffset += 16;
  return pool.toString('base64', poolOffset - 16, poolOffset);
}

/** This response's script nonce, made on first use. */
function scriptNonceOf(res: ServerResponse): string {
  return ((res as WithNonce)[SCRIPT_NONCE] ??= newNonce());
}

/**
 * The Content-Security-Policy directives. Scripts: the site's own files, plus inline scripts that
 * carry this response's nonce (the server-rendered page's router state). Styles get no nonce on
 * purpose: a nonce in style-src makes browsers ignore 'unsafe-inline', and Mantine injects
 * <style> elements and style attributes at run time.
 */
const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", (_req: unknown, res: ServerResponse) => `'nonce-${scriptNonceOf(res)}'`],
  'style-src': ["'self'", "'unsafe-inline'"],
  // Dog photos may be any https URL the owner typed; blob: is the dog form's preview of a photo
  // chosen on this device, before it is uploaded.
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), interest-cohort=()';
const HSTS = 'max-age=15552000; includeSubDomains';

const HELMET_OPTIONS = {
  // Sent only over https (below): browsers ignore it on http, where development and tests run.
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  // Owners' photos live on other hosts: let the browser resolve them early.
  xDnsPrefetchControl: false,
} as const;

/** Stands for the nonce while the headers are prepared; never sent. */
const NONCE_MARK = 'HAPPYDOGNONCEMARK';

/**
 * The headers helmet sets with these options, computed once: helmet is run on a stand-in
 * response whose script nonce is NONCE_MARK. Every answer then gets the same headers with only
 * the CSP's nonce filled in, instead of helmet's middlewares running (and the CSP's directives
 * being checked again) on every request: the headers were most of the cost of the busiest
 * endpoint.
 */
function prepareHeaders(): { fixed: Record<string, string>; cspBefore: string; cspAfter: string } {
  const headers = new Map<string, string>();
  const standIn = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  const directives = {
    ...CSP_DIRECTIVES,
    'script-src': ["'self'", `'nonce-${NONCE_MARK}'`],
  };
  let ran = false;
  helmet({ ...HELMET_OPTIONS, contentSecurityPolicy: { useDefaults: false, directives } })(
    {} as IncomingMessage,
    standIn as unknown as ServerResponse,
    () => {
      ran = true;
    },
  );
  const csp = headers.get('content-security-policy');
  if (!ran || csp === undefined || !csp.includes(NONCE_MARK)) {
    throw new Error('helmet did not set the expected Content-Security-Policy');
  }
  headers.delete('content-security-policy');
  headers.set('permissions-policy', PERMISSIONS_POLICY);
  const [cspBefore, cspAfter] = csp.split(NONCE_MARK) as [string, string];
  return { fixed: Object.fromEntries(headers), cspBefore, cspAfter };
}

const PREPARED = prepareHeaders();

/**
 * The headers of every API answer. JSON is data, never a document, so the policy forbids it
 * everything (as GitHub's API does): no nonce to make, and none of the headers that only mean
 * something for a document a browser renders (COOP, Origin-Agent-Cluster, Permissions-Policy,
 * X-XSS-Protection, X-Download-Options, X-Permitted-Cross-Domain-Policies). What stays is what
 * guards data: no sniffing into another type, no framing, no cross-origin embedding, the referrer
 * policy, and no caching (answers carry owners' e-mails and the session user). Half the bytes of
 * a page's headers, on the busiest answers (the list costs each client less to read, too).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; script-src 'self'; frame-ancestors 'none'",
  ...Object.fromEntries(
    [
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-resource-policy',
    ].map((name) => [name, pageHeader(name)]),
  ),
  'cache-control': 'no-store',
});

/** One of the headers helmet prepared for pages (the API shares their values). */
function pageHeader(name: string): string {
  const value = PREPARED.fixed[name];
  if (value === undefined) throw new Error(`helmet did not set ${name}`);
  return value;
}

/** Every security header of an answer (a page's script nonce is made here). */
function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (isApiPath(request.url)) {
    reply.headers(API_SECURITY_HEADERS);
  } else {
    reply.headers(PREPARED.fixed);
    reply.header(
      'content-security-policy',
      PREPARED.cspBefore + scriptNonceOf(reply.raw) + PREPARED.cspAfter,
    );
  }
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/**
 * The same headers for an answer sent where Fastify runs no hooks (a request refused before
 * routing, e.g. a malformed URL).
 */
export function setSecurityHeadersOutsideHooks(request: FastifyRequest, reply: FastifyReply): void {
  setSecurityHeaders(request, reply);
}

declare module 'fastify' {
  interface FastifyReply {
    /** Marks an answer's inline <script> as the page's own: `<script nonce="${script}">`. */
    cspNonce: { script: string; style: string };
  }
}

export const security = fp(
  async (app: FastifyInstance) => {
    app.decorateReply('cspNonce', {
      getter(this: FastifyReply): FastifyReply['cspNonce'] {
        return {
          script: scriptNonceOf(this.raw),
          // Fastify's helmet plugin types one; using it would be a bug (see CSP_DIRECTIVES).
          get style(): string {
            throw new Error('There is no style nonce: style-src allows inline styles without one');
          },
        };
      },
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      setSecurityHeaders(request, reply);
      // The session is a cookie, which browsers attach to requests other sites make: refusing
      // cross-site state changes here is the CSRF defence (on top of SameSite=Lax).
      checkSameOrigin(request);
      done();
    });
  },
  { name: 'security' },
);

/** The path of a request target: everything before its query string (`?`) or fragment (`#`). */
function pathOf(url: string): string {
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

/** Routes that change state whatever their method (logout is a GET, as the original client calls it). */
const STATE_CHANGING_ROUTES = new Set(['/api/user/userLogout']);

/**
 * Refuses state-changing requests sent by another site (CSRF defence on top of SameSite=Lax).
 * The route is the one the router matched (any method: Fastify answers HEAD with the GET
 * handler), never a test on the URL's spelling.
 */
function checkSameOrigin(request: FastifyRequest): void {
  const route = request.routeOptions.url;
  const changesState =
    UNSAFE_METHODS.has(request.method) || (route !== undefined && STATE_CHANGING_ROUTES.has(route));
  if (!changesState) return;
  // A GET that changes state answers only scripts (fetch and XHR send `empty`): an <img>, a
  // stylesheet, a frame or a link followed (image, style, iframe, document…) never ends a session,
  // even from this site. Clients that send no Sec-Fetch headers (curl, old browsers) still may.
  const fetchDest = request.headers['sec-fetch-dest'];
  if (!UNSAFE_METHODS.has(request.method) && fetchDest !== undefined && fetchDest !== 'empty') {
    throw forbidden(request, `sec-fetch-dest: ${String(fetchDest)}`, NOT_FROM_A_SCRIPT);
  }
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

/** The answer to a state-changing GET that a page element (not a script) sent. */
export const NOT_FROM_A_SCRIPT = 'Esta acción solo se hace desde los botones del sitio';

function forbidden(
  request: FastifyRequest,
  reason: string,
  message: string = MESSAGES.foreignOrigin,
): HttpError {
  request.log.warn(
    {
      event: 'forbidden_origin',
      reason,
      method: request.method,
      url: loggedUrl(request.url, request.url).url,
    },
    'cross-site request refused',
  );
  return new HttpError(403, message);
}
