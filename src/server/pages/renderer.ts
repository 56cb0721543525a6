// Every page of the site (any GET that is neither an API call nor a file of the build) is drawn
// by the build's server entry (src/entry-server.tsx), for this visitor: the route's data is
// read through the API itself, in-process (`app.inject`) with the visitor's cookie, so a page
// shows exactly what the API would show them, and nothing of anyone else's.
//
// The answer depends on the cookie: it is `private`, varies on Cookie and is never stored by
// shared caches; drawn with a session cookie it is `no-store`, kept by no cache at all. Its inline hydration scripts carry this response's CSP nonce (security.ts).
//
// A page drawn without a session cookie is the same for every such visitor: it is kept in an
// exact cache (page-cache.ts) when it answered 200 from API reads that all answered as they do
// for any anonymous visitor, and sent again, with the new response's nonce, until any data it may
// show changes.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteOrigin } from '../config';
import { readPageDataVersion } from '../db/stamps';
import { createCoalescer } from '../db/coalesce';
import { hasSessionCookie } from '../sessions/cookie';
import { createPageCache } from './page-cache';

export const PAGE_CACHE_CONTROL = 'no-cache, private';
/**
 * A page drawn for a request with a session cookie may hold the person's own data (the account,
 * their requests, an admin's reports): no cache, the browser's included, may keep a copy.
 */
export const SESSION_PAGE_CACHE_CONTROL = 'no-store';
/** The server entry's bundle, in ssrDirFor(<build>). */
export const SERVER_ENTRY_FILE = 'entry-server.mjs';
/** Vite's manifest of the browser build, copied next to the server entry (never served). */
export const CLIENT_MANIFEST_FILE = 'client-manifest.json';
/** Each route's id and the source file it is written in (as Vite's manifest names it), beside it. */
export const ROUTE_FILES_FILE = 'route-files.json';
/** The file each route's stylesheets were joined into by the build (routeStylesheetLists). */
export const ROUTE_STYLES_FILE = 'route-styles.json';

/**
 * Where the build puts code for the server only: a sibling of the static root (`dist` →
 * `dist-ssr`), never inside it, so no spelling of a URL can make the static file server hand it
 * out. scripts/start.mjs repeats this rule.
 */
export function ssrDirFor(staticDir: string): string {
  return `${resolve(staticDir)}-ssr`;
}

/** Whether `staticDir` holds a complete build (browser files and the server entry). */
export function hasBuiltPages(staticDir: string | null | undefined): staticDir is string {
  if (!staticDir) return false;
  const ssr = ssrDirFor(staticDir);
  return [join(ssr, SERVER_ENTRY_FILE), join(ssr, CLIENT_MANIFEST_FILE)].every(
    (file) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false,
  );
}

type RouterManifest = {
  routes: Record<
    string,
    {
      preloads?: string[];
      /** Stylesheet links: an href, or the link's attributes. */
      css?: string[];
      scripts?: Array<{ attrs?: Record<string, string>; children?: string }>;
    }
  >;
};

type ServerEntry = {
  render(request: {
    url: string;
    origin: string;
    nonce: string;
    fetch: typeof globalThis.fetch;
    manifest: RouterManifest;
    signal?: AbortSignal;
  }): Promise<Response>;
  /** The paths of the public pages, for the sitemap. */
  sitemapPaths(): string[];
};

export interface ViteChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
}

/** The files of `keys`' chunks and of the chunks they import statically, and their stylesheets
 * (a chunk's own stylesheets after those of the chunks it imports, as a bundle would order them). */
function chunkClosure(vite: Record<string, ViteChunk>, keys: string[]) {
  const seen = new Set<string>();
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = vite[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    js.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
    for (const file of chunk.css ?? []) css.add(`/${file}`);
  };
  keys.forEach(visit);
  return { js, css };
}

function entryOf(vite: Record<string, ViteChunk>) {
  const key = Object.keys(vite).find((name) => vite[name]!.isEntry);
  if (!key) throw new Error('The browser build has no entry chunk');
  return { key, chunk: vite[key]! };
}

/**
 * Each route's own code and styles: the chunks the router plugin split out of its file (its
 * screen, error and not-found pages: Vite names them `<route file>?tsr-split=<parts>`), the
 * chunks those import statically and their stylesheets, less what the root (the entry) already
 * has. `routeFiles` names each route's file (ROUTE_FILES_FILE).
 */
function routeAssets(vite: Record<string, ViteChunk>, routeFiles: Record<string, string>) {
  const root = chunkClosure(vite, [entryOf(vite).key]);
  const routes: Record<string, { preloads: string[]; css: string[] }> = {};
  for (const [routeId, file] of Object.entries(routeFiles)) {
    if (routeId === '__root__') continue;
    const split = Object.keys(vite).filter(
      (key) =>
        key.startsWith(`${file}?`) && new URLSearchParams(key.split('?')[1]).has('tsr-split'),
    );
    const own = chunkClosure(vite, split);
    const preloads = [...own.js].filter((js) => !root.js.has(js));
    const css = [...own.css].filter((sheet) => !root.css.has(sheet));
    if (preloads.length > 0 || css.length > 0) routes[routeId] = { preloads, css };
  }
  return { root, routes };
}

/**
 * The stylesheets of each route that has more than one of its own, in order: the build joins
 * each list into one file (scripts/build/ssr-plugin.ts), so that a page waits for one request
 * for its styles, not one per shared component.
 */
export function routeStylesheetLists(
  vite: Record<string, ViteChunk>,
  routeFiles: Record<string, string>,
): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  for (const [routeId, { css }] of Object.entries(routeAssets(vite, routeFiles).routes))
    if (css.length > 1) lists[routeId] = css;
  return lists;
}

/**
 * The page's code starts downloading once the page is drawn, not while the browser still waits
 * for its stylesheets and first paint: on a slow phone connection the ~120 KB of code would
 * otherwise share the line with the HTML, the styles and the first images, and everything a
 * visitor sees would come later. The server's HTML works meanwhile (links, forms).
 *
 * The root route's inline script (`entryLoader`) keeps the list of chunks to preload that each
 * route's own inline script hands it (`preloadScript`; they run as the page is parsed), and once
 * the page is parsed and its first content painted, adds them as modulepreload links with the
 * entry's module script. Where nothing is painted (a background tab), a timer starts it. The
 * script is marked `async` (as every script added this way is): React, hydrating the document,
 * skips async scripts it did not draw instead of taking one for its own. The router runs these
 * inline scripts once more after hydration: they do nothing the second time.
 *
 * Until then the page's buttons have no handlers. A button pressed meanwhile is held (the press
 * stops there) and pressed again once React has taken over the page (entry-client.tsx calls
 * HYDRATED_GLOBAL right after hydrateRoot; React then hydrates the page at once, not in short
 * tasks, to handle it): only the last press, and not a submit button of a form with an `action`,
 * whose plain submission already works without the code (DAR EN ADOPCIÓN, Info Dog).
 */
const PRELOAD_GLOBAL = '__hdPreload';
export const HYDRATED_GLOBAL = '__hdHydrated';

export function entryLoader(entry: string, preloads: string[]): string {
  return (
    `(function(){if(self.${PRELOAD_GLOBAL})return;var q=${JSON.stringify(preloads)},go=0,d=document,seen={};` +
    `function link(h,rel){if(seen[h])return;seen[h]=1;var l=d.createElement('link');if(rel==='stylesheet')l.disabled=true;l.rel=rel;l.href=h;d.head.appendChild(l)}` +
    `function add(h){link(h,'modulepreload')}` +
    `self.${PRELOAD_GLOBAL}=function(l,c){(c||[]).forEach(function(h){link(h,'stylesheet')});go?l.forEach(add):q.push.apply(q,l)};` +
    `function start(){if(go)return;go=1;q.forEach(add);var s=d.createElement('script');s.type='module';s.setAttribute('async','');s.src=${JSON.stringify(entry)};d.head.appendChild(s)}` +
    `function drawn(){try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(start,0)}}).observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(start,0)})}setTimeout(start,3000)}` +
    `var held=null;function hold(e){var t=e.target;t=t&&t.closest?t.closest('button'):null;if(!t||t.disabled||(t.type==='submit'&&t.form&&t.form.hasAttribute('action')))return;e.preventDefault();e.stopPropagation();held=t}` +
    `d.addEventListener('click',hold,true);` +
    `self.${HYDRATED_GLOBAL}=function(){d.removeEventListener('click',hold,true);var t=held;held=null;if(t&&t.isConnected)t.click()};` +
    `d.readyState==='loading'?d.addEventListener('DOMContentLoaded',drawn):drawn()})()`
  );
}

function preloadScript(preloads: string[], joinedParts: string[]): string {
  const parts = joinedParts.length > 0 ? `,${JSON.stringify(joinedParts)}` : '';
  return `self.${PRELOAD_GLOBAL}(${JSON.stringify(preloads)}${parts})`;
}

/**
 * The router's asset manifest from Vite's. The root route (every page) has the entry script, the
 * chunks it imports statically and their stylesheets; every other route has its own code and
 * styles (routeAssets), so a page links and preloads its own code and styles and nothing of other
 * pages. Code is loaded by inline scripts after the first paint (entryLoader), not by
 * modulepreload links in the head.
 *
 * `routeStyles` names the file the build joined a route's stylesheets into (ROUTE_STYLES_FILE),
 * linked instead of the list. The route's inline script adds a link of each stylesheet of the
 * list, `disabled` (browsers do not fetch those): when the route's code loads, Vite's loader
 * finds them in the page and does not fetch again, one by one, styles the joined file already
 * applies. (The joined file stays in the page after a navigation, as React keeps every
 * stylesheet it placed; so do these links, which React does not know of.)
 */
export function routerManifestFrom(
  vite: Record<string, ViteChunk>,
  routeFiles: Record<string, string>,
  routeStyles: Record<string, string> = {},
): RouterManifest {
  const entry = `/${entryOf(vite).chunk.file}`;
  const { root, routes: own } = routeAssets(vite, routeFiles);
  const routes: RouterManifest['routes'] = {
    __root__: {
      css: [...root.css],
      scripts: [
        {
          children: entryLoader(
            entry,
            [...root.js].filter((file) => file !== entry),
          ),
        },
      ],
    },
  };
  for (const [routeId, { preloads, css }] of Object.entries(own)) {
    const joined = routeStyles[routeId];
    routes[routeId] = {
      css: joined ? [joined] : css,
      ...(preloads.length > 0 || joined
        ? { scripts: [{ children: preloadScript(preloads, joined ? css : []) }] }
        : {}),
    };
  }
  return { routes };
}

interface Loaded {
  version: string;
  entry: ServerEntry;
  manifest: RouterManifest;
}

/** How long a look at the build's files is trusted before they are looked at again. */
const REBUILD_CHECK_MS = 1000;

/**
 * The build's server entry and manifest, loaded again when a new build replaces them (`npm run
 * dev` rebuilds them while the server runs): their files are looked at once a second at most,
 * not on every page.
 */
function buildLoader(staticDir: string) {
  const ssr = ssrDirFor(staticDir);
  const entryFile = join(ssr, SERVER_ENTRY_FILE);
  const manifestFile = join(ssr, CLIENT_MANIFEST_FILE);
  const routeFilesFile = join(ssr, ROUTE_FILES_FILE);
  const routeStylesFile = join(ssr, ROUTE_STYLES_FILE);
  let cached: Promise<Loaded> | undefined;
  let cachedVersion = '';
  let checkedAt = -Infinity;
  return (): Promise<Loaded> => {
    const now = performance.now();
    if (cached && now - checkedAt < REBUILD_CHECK_MS) return cached;
    checkedAt = now;
    const version = [entryFile, manifestFile, routeFilesFile, routeStylesFile]
      .map((file) => {
        const stat = statSync(file, {
          throwIfNoEntry: file !== routeFilesFile && file !== routeStylesFile,
        });
        return stat ? `${stat.mtimeMs}:${stat.size}` : '-';
      })
      .join('|');
    if (!cached || version !== cachedVersion) {
      cachedVersion = version;
      cached = (async () => {
        const entry = (await import(
          `${pathToFileURL(entryFile).href}?v=${encodeURIComponent(version)}`
        )) as ServerEntry;
        // Written by every build (scripts/build/ssr-plugin.ts); without the route files, pages
        // link the root's assets only; without the joined styles, each of a route's stylesheets.
        const readOptional = (file: string) =>
          existsSync(file)
            ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
            : {};
        const manifest = routerManifestFrom(
          JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ViteChunk>,
          readOptional(routeFilesFile),
          readOptional(routeStylesFile),
        );
        return { version, entry, manifest };
      })();
      cached.catch(() => {
        cached = undefined;
      });
    }
    return cached;
  };
}

/**
 * API answers a page drawn for an anonymous visitor may rest on and still be reused: successes,
 * and the refusals every anonymous visitor gets alike (no session, not allowed, not found).
 * Anything else (a failure, a rate limit) belongs to that one drawing.
 */
const REUSABLE_STATUSES = new Set([401, 403, 404, 410]);
const reusableAnswer = (status: number) =>
  (status >= 200 && status < 300) || REUSABLE_STATUSES.has(status);

/**
 * Answers the page's API reads in-process, as the visitor: their cookie, same-origin.
 * `onAnswer` hears of each answered call: its method and status.
 */
function visitorFetch(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  onAnswer: (method: string, status: number) => void,
): typeof globalThis.fetch {
  const cookie = request.headers.cookie;
  return async (input, init) => {
    const call = new Request(input, init);
    const url = new URL(call.url);
    const body =
      call.method === 'GET' || call.method === 'HEAD'
        ? undefined
        : Buffer.from(await call.arrayBuffer());
    const answer = await app.inject({
      method: call.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: {
        accept: 'application/json',
        'sec-fetch-site': 'same-origin',
        ...(cookie ? { cookie } : {}),
        ...(body ? { 'content-type': call.headers.get('content-type') ?? 'application/json' } : {}),
      },
      ...(body ? { payload: body } : {}),
    });
    onAnswer(call.method, answer.statusCode);
    // A session the API ended (expired, revoked) is cleared in the visitor's browser too.
    const setCookie = answer.headers['set-cookie'];
    if (setCookie) reply.header('set-cookie', setCookie);
    const headers = new Headers();
    const type = answer.headers['content-type'];
    if (typeof type === 'string') headers.set('content-type', type);
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  };
}

/** Shown when a page cannot be drawn at all: no data, no script, just a way back. */
const FAILURE_PAGE = `<!DOCTYPE html><html lang="es"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Algo salió mal | Happy Dog</title></head><body><main><h1>Algo salió mal</h1><p>No pudimos mostrar esta página. Inténtalo de nuevo en un momento.</p><p><a href="/">Volver al inicio</a></p></main></body></html>`;

export interface PageRenderer {
  /** The build's directory of browser files (its server entry lives beside it: ssrDirFor). */
  staticDir: string;
  /** Draws the page at the request's URL for this visitor. */
  render(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** The build's public pages (its routes marked for the sitemap), e.g. ['/', '/perros']. */
  publicPages(): Promise<string[]>;
}

export function createPageRenderer(app: FastifyInstance, staticDir: string): PageRenderer {
  const load = buildLoader(staticDir);
  // Loaded now, while the database opens, rather than by the first visitor. A failure here (even
  // a missing file, which throws at once) is reported by the first page that needs it. So is
  // Node's fetch (its Request, Response and Headers, which every page uses): Node compiles it
  // on first use, a fifth of a second of the first page otherwise.
  void Promise.resolve()
    .then(() => {
      void globalThis.Response;
      return load();
    })
    .catch(() => undefined);
  const { config, db, now, dataStamps } = app;
  // On PostgreSQL the stamp is read with the others (one coalesced statement for every cache);
  // the embedded database has its own coalesced read, as jobs write there too.
  const pageVersion = createCoalescer(() => readPageDataVersion(db));
  const cache = createPageCache({
    ttlMs: config.pageCacheTtlMs,
    now,
    currentVersion: dataStamps
      ? async () => (await dataStamps.fresh()).pages
      : () => pageVersion.fresh(),
  });

  /** The page for this request, drawn with `nonce`; `reusable` unless it belongs to it alone. */
  const draw = async (
    request: FastifyRequest,
    reply: FastifyReply,
    nonce: string,
    { entry, manifest }: Loaded,
  ) => {
    const abort = new AbortController();
    request.raw.once('close', () => {
      if (!reply.sent && request.raw.destroyed) abort.abort();
    });
    let reusable = true;
    let pending = 0;
    const answer = visitorFetch(app, request, reply, (method, status) => {
      if (method !== 'GET' || !reusableAnswer(status)) reusable = false;
    });
    const fetch: typeof globalThis.fetch = async (input, init) => {
      pending += 1;
      try {
        return await answer(input, init);
      } catch (error) {
        reusable = false;
        throw error;
      } finally {
        pending -= 1;
      }
    };
    const response = await entry.render({
      url: request.url,
      origin: siteOrigin(app.config),
      nonce,
      fetch,
      manifest,
      signal: abort.signal,
    });
    const location = response.headers.get('location');
    const redirect = location !== null && response.status >= 300 && response.status < 400;
    const html = redirect ? '' : await response.text();
    return {
      status: response.status,
      location: redirect ? location : null,
      html,
      // A call still running when the page was done (none should be) could end in a failure.
      reusable:
        reusable &&
        pending === 0 &&
        response.status === 200 &&
        location === null &&
        !abort.signal.aborted &&
        reply.getHeader('set-cookie') === undefined,
    };
  };

  const failed = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    request.log.error({ err: error }, 'page rendering failed');
    return reply.code(500).type('text/html; charset=utf-8').send(FAILURE_PAGE);
  };

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    // The security plugin's Content-Security-Policy for this response allows inline scripts
    // carrying this nonce: the router's hydration data.
    const nonce = reply.cspNonce.script;
    const anonymous = !hasSessionCookie(request.headers.cookie);
    reply
      .header('cache-control', anonymous ? PAGE_CACHE_CONTROL : SESSION_PAGE_CACHE_CONTROL)
      .header('vary', 'Cookie');
    let loaded: Loaded;
    try {
      loaded = await load();
    } catch (error) {
      return failed(request, reply, error);
    }
    // A new build draws every page anew (`npm run dev` rebuilds while the server runs).
    const lookup = anonymous
      ? await cache.lookup(`${loaded.version}\n${request.url}`, nonce)
      : ({ kind: 'miss', pending: undefined } as const);
    if (lookup.kind === 'hit') {
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .send(request.method === 'HEAD' ? '' : lookup.body);
    }
    let page: Awaited<ReturnType<typeof draw>>;
    try {
      page = await draw(request, reply, nonce, loaded);
    } catch (error) {
      lookup.pending?.settle(undefined);
      return failed(request, reply, error);
    }
    lookup.pending?.settle(page.reusable ? { html: page.html, nonce } : undefined);
    if (page.location !== null) {
      return reply.code(page.status).header('location', page.location).send();
    }
    return reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .send(request.method === 'HEAD' ? '' : page.html);
  };
  return { staticDir, render, publicPages: async () => (await load()).entry.sitemapPaths() };
}
