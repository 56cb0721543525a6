// The landing page (/ and /home): the build's prerendered landing.html with the first page of
// dogs and the session's user embedded as non-executable JSON, so the app can draw the carousel
// without waiting for its own requests (CSP forbids inline scripts; a JSON data block is not one).
//
// The embedded page comes from the same exact list cache as GET /api/dog?limit=24, for the same
// audience: anonymous visitors get the page without owners' contacts. The answer depends on the
// cookie, so it is `private` and varies on Cookie; it is never stored by shared caches.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOG_PAGE_DEFAULT } from '../../shared/dog';
import type { ListCache } from '../dogs/list-cache';
import type { DogRepository } from '../dogs/repository';
import type { CurrentSession } from '../sessions/service';

/** id of the <script type="application/json"> element the app reads at start-up. */
export const BOOTSTRAP_ELEMENT_ID = 'hd-bootstrap';
export const LANDING_PATHS = ['/', '/home'] as const;
export const LANDING_CACHE_CONTROL = 'no-cache, private';

export interface LandingDeps {
  staticDir: string;
  listCache: ListCache;
  dogs: DogRepository;
  currentSession: (request: FastifyRequest, reply: FastifyReply) => Promise<CurrentSession | null>;
}

/** JSON text safe inside a <script> element: `<` only ever appears inside strings. */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The build's prerendered landing page (scripts/build/prerender-plugin.ts). */
export const LANDING_FILE = 'landing.html';

/**
 * landing.html (or index.html when the build has none), read again whenever the file changes
 * (a new build under a running server).
 */
function templateReader(dir: string) {
  let cached: { file: string; mtimeMs: number; size: number; html: string } | undefined;
  return (): string => {
    let file = join(dir, LANDING_FILE);
    let stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) {
      file = join(dir, 'index.html');
      stat = statSync(file);
    }
    if (
      !cached ||
      cached.file !== file ||
      cached.mtimeMs !== stat.mtimeMs ||
      cached.size !== stat.size
    ) {
      cached = { file, mtimeMs: stat.mtimeMs, size: stat.size, html: readFileSync(file, 'utf8') };
    }
    return cached.html;
  };
}

export function injectBootstrap(html: string, json: string): string {
  const block = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${scriptSafeJson(json)}</script>`;
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html + block : html.slice(0, at) + block + html.slice(at);
}

export function registerLanding(app: FastifyInstance, deps: LandingDeps): void {
  const template = templateReader(deps.staticDir);

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .header('cache-control', LANDING_CACHE_CONTROL)
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8');
    const html = template();
    let bootstrap: string | undefined;
    try {
      const session = await deps.currentSession(request, reply);
      const withOwner = session !== null;
      const dogs = await deps.listCache.get(
        withOwner ? 'owner' : 'anonymous',
        `${DOG_PAGE_DEFAULT}:`,
        () => deps.dogs.listJson({ limit: DOG_PAGE_DEFAULT, withOwner }),
      );
      const user = session
        ? JSON.stringify({
            id: session.user.id,
            name: session.user.name,
            email: session.user.email,
            role: session.user.role,
          })
        : 'null';
      bootstrap = `{"user":${user},"dogs":{"limit":${DOG_PAGE_DEFAULT},"page":${dogs}}}`;
    } catch (error) {
      // The app fetches what it needs itself; the page must not fail with the database.
      request.log.warn({ err: error }, 'landing page served without embedded data');
    }
    return reply.send(bootstrap === undefined ? html : injectBootstrap(html, bootstrap));
  };

  for (const url of LANDING_PATHS) app.get(url, handler);
}
