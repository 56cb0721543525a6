// The landing page (/ and /home): the build's prerendered landing.html with the first page of
// dogs and the session's user embedded as non-executable JSON, so the app can draw the carousel
// without waiting for its own requests (CSP forbids inline scripts; a JSON data block is not one).
//
// The embedded page comes from the same exact list cache as GET /api/dog?limit=24, for the same
// audience: anonymous visitors get the page without owners' contacts. The answer depends on the
// cookie, so it is `private` and varies on Cookie; it is never stored by shared caches.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOG_PAGE_DEFAULT } from '../../shared/dog';
import { toApiUser } from '../../shared/user';
import type { ListCache } from '../dogs/list-cache';
import type { DogRepository } from '../dogs/repository';
import type { CurrentSession } from '../sessions/service';
import {
  LANDING_FILE,
  ROOT_ELEMENT,
  SSR_FILE,
  hoistResourceHints,
  replaceFirstLiteral,
  ssrDirFor,
  withLowPriorityScripts,
  withoutInlineScripts,
} from './landing-files';

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

interface FileVersion {
  file: string;
  mtimeMs: number;
  size: number;
}

function versionOf(file: string): FileVersion | undefined {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat && { file, mtimeMs: stat.mtimeMs, size: stat.size };
}

const sameVersion = (a: FileVersion | undefined, b: FileVersion | undefined) =>
  !!a && !!b && a.file === b.file && a.mtimeMs === b.mtimeMs && a.size === b.size;

/** A text file of the build, read again whenever it changes (a new build under a running server). */
function fileReader(...candidates: string[]) {
  let cached: { version: FileVersion; text: string } | undefined;
  return (): { version: FileVersion; text: string } => {
    const version = candidates.map(versionOf).find(Boolean);
    if (!version) throw new Error(`None of ${candidates.join(', ')} exists`);
    if (!cached || !sameVersion(cached.version, version)) {
      cached = { version, text: readFileSync(version.file, 'utf8') };
    }
    return cached;
  };
}

type Render = (url: string, data: unknown) => Promise<string>;

/** The build's server renderer of the landing page, or null when it has none (or it fails). */
function rendererLoader(staticDir: string, log: FastifyBaseLogger) {
  const file = join(ssrDirFor(staticDir), SSR_FILE);
  let cached: { version: FileVersion; render: Render | null } | undefined;
  return async (): Promise<Render | null> => {
    const version = versionOf(file);
    if (!version) return null;
    if (!cached || !sameVersion(cached.version, version)) {
      let render: Render | null = null;
      try {
        const mod = (await import(`${pathToFileURL(file).href}?v=${version.mtimeMs}`)) as {
          render?: Render;
        };
        render = typeof mod.render === 'function' ? mod.render : null;
      } catch (error) {
        log.warn({ err: error }, 'the landing page renderer could not be loaded');
      }
      cached = { version, render };
    }
    return cached.render;
  };
}

export function injectBootstrap(html: string, json: string): string {
  const block = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${scriptSafeJson(json)}</script>`;
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html + block : html.slice(0, at) + block + html.slice(at);
}

export function registerLanding(app: FastifyInstance, deps: LandingDeps): void {
  const prerendered = fileReader(
    join(deps.staticDir, LANDING_FILE),
    join(deps.staticDir, 'index.html'),
  );
  const indexHtml = fileReader(join(deps.staticDir, 'index.html'));
  const renderer = rendererLoader(deps.staticDir, app.log);
  /** The last anonymous page per URL: it depends only on the dogs page and the build. */
  const anonymousPages = new Map<string, { dogs: string; build: string; html: string }>();

  /** The page with the first dog cards drawn on the server, or undefined when it cannot be. */
  async function renderAnonymous(url: string, dogs: string, bootstrap: string) {
    const render = await renderer();
    if (!render) return undefined;
    const template = indexHtml();
    if (!template.text.includes(ROOT_ELEMENT)) return undefined;
    const build = `${template.version.mtimeMs}:${template.version.size}`;
    const memo = anonymousPages.get(url);
    if (memo && memo.build === build && memo.dogs === dogs) return memo.html;
    const rendered = withoutInlineScripts(await render(url, JSON.parse(bootstrap)));
    const { document, root } = hoistResourceHints(withLowPriorityScripts(template.text), rendered);
    const html = injectBootstrap(
      // data-ssr: drawn from the embedded data, so the app hydrates it (src/main.tsx).
      replaceFirstLiteral(document, ROOT_ELEMENT, `<div id="root" data-ssr="">${root}</div>`),
      bootstrap,
    );
    anonymousPages.set(url, { dogs, build, html });
    return html;
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .header('cache-control', LANDING_CACHE_CONTROL)
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8');
    // The route's own path: / or /home, however the request spelled it (/%68ome, /home?x).
    const path = request.routeOptions.url ?? '/';
    let session: CurrentSession | null;
    let dogs: string;
    try {
      session = await deps.currentSession(request, reply);
      dogs = await deps.listCache.get(session ? 'owner' : 'anonymous', `${DOG_PAGE_DEFAULT}:`, () =>
        deps.dogs.listJson({ limit: DOG_PAGE_DEFAULT, withOwner: session !== null }),
      );
    } catch (error) {
      // The app fetches what it needs itself; the page must not fail with the database.
      request.log.warn({ err: error }, 'landing page served without embedded data');
      return reply.send(prerendered().text);
    }
    const user = session ? JSON.stringify(toApiUser(session.user)) : 'null';
    const bootstrap = `{"user":${user},"dogs":{"limit":${DOG_PAGE_DEFAULT},"page":${dogs}}}`;
    if (!session) {
      try {
        const html = await renderAnonymous(path, dogs, bootstrap);
        if (html !== undefined) return reply.send(html);
      } catch (error) {
        request.log.warn(
          { err: error },
          'landing page rendering failed; serving the prerendered one',
        );
      }
    }
    // Logged-in visitors (and any failure above): the static sections prerendered at build time.
    return reply.send(injectBootstrap(prerendered().text, bootstrap));
  };

  for (const url of LANDING_PATHS) app.get(url, handler);
}
