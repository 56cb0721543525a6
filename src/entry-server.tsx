// Server entry (bundled by the build into <build>-ssr/entry-server.mjs): draws any route for one
// request with TanStack Router's SSR support, as the visitor behind `fetch` sees it, and returns
// the whole HTML document with the router's and TanStack Query's state for hydration.
import { PassThrough } from 'node:stream';
import {
  createRequestHandler,
  getSsrStatus,
  transformHtmlStringWithRouter,
} from '@tanstack/react-router/ssr/server';
import { RouterServer } from '@tanstack/react-router/ssr/server';
import type { AnyRoute, Manifest } from '@tanstack/router-core';
import { dehydrate } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { AppProviders } from './app/providers';
import { createAppRouter, type AppRouter } from './app/router';
import { routeTree } from './app/routeTree.gen';
import { bindTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { createSessionStore } from './stores/session-store';

export type { Manifest };

export interface RenderRequest {
  /** Path and query of the page, e.g. `/entrar?x=1`. */
  url: string;
  /** The site's public origin, for the absolute URLs of shared pages (canonical, Open Graph). */
  origin?: string;
  /** The response's CSP nonce for the router's inline hydration scripts. */
  nonce: string;
  /** How this visitor's API requests are answered (in-process, with their cookie). */
  fetch: typeof globalThis.fetch;
  /** The browser build's entry script, stylesheet and preloads, as the router's asset manifest. */
  manifest: Manifest;
  signal?: AbortSignal;
}

/** React's complete HTML for `element`, once every lazy part has loaded (nothing streams later). */
function renderComplete(element: React.ReactNode, nonce: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown;
    const stream = renderToPipeableStream(element, {
      nonce,
      // Never split a finished part out of its place: the page goes out whole, as plain HTML
      // in document order, with no script to put parts where they belong.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        if (failed !== undefined) return;
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        sink.on('error', reject);
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed = error;
        reject(error);
      },
    });
  });
}

/**
 * The router's status (404 for an unknown page, 500 for a crash), or one a route's loader asks
 * for by returning `{ httpStatus }` (the 403 of /admin for a visitor who is not an admin).
 */
function pageStatus(router: AppRouter): number {
  const status = getSsrStatus(router);
  if (status !== 200) return status;
  for (const match of router.state.matches) {
    const asked = (match.loaderData as { httpStatus?: unknown } | undefined)?.httpStatus;
    if (typeof asked === 'number') return asked;
  }
  return status;
}

async function renderDocument(
  router: AppRouter,
  queryClient: ReturnType<typeof createQueryClient>,
  store: ReturnType<typeof createSessionStore>,
  headers: Headers,
) {
  const html = await renderComplete(
    <AppProviders queryClient={queryClient} store={store}>
      <RouterServer router={router} />
    </AppProviders>,
    router.options.ssr?.nonce ?? '',
  );
  // React writes the doctype of the <html> it draws; the router's transform writes its own.
  const DOCTYPE = '<!DOCTYPE html>';
  const body = html.startsWith(DOCTYPE) ? html.slice(DOCTYPE.length) : html;
  return new Response(await transformHtmlStringWithRouter(router, body), {
    status: pageStatus(router),
    headers,
  });
}

export async function render(request: RenderRequest): Promise<Response> {
  const queryClient = createQueryClient();
  // A render reads what it needs once: a failed read shows the page's own error state, and
  // the browser tries again after hydration.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  bindTransport(queryClient, request.fetch);
  const store = createSessionStore();
  const handler = createRequestHandler({
    request: new Request(new URL(request.url, 'http://localhost'), { signal: request.signal }),
    createRouter: () =>
      createAppRouter({
        queryClient,
        store,
        nonce: request.nonce,
        origin: request.origin,
        dehydrate: () => ({ queries: dehydrate(queryClient) }),
      }),
    getRouterManifest: async () => request.manifest,
  });
  try {
    return await handler(({ router, responseHeaders }) =>
      renderDocument(router as AppRouter, queryClient, store, responseHeaders),
    );
  } finally {
    queryClient.clear();
  }
}

/** The paths of the public pages (routes marked `staticData.sitemap`), for the sitemap. */
export function sitemapPaths(): string[] {
  const paths: string[] = [];
  const visit = (route: AnyRoute) => {
    const path = route.fullPath === '/' ? '/' : route.fullPath.replace(/\/$/, '');
    if (route.options.staticData?.sitemap && !path.includes('$')) paths.push(path);
    // The plugin's tree holds each route's children in an object keyed by name.
    for (const child of Object.values((route.children ?? {}) as Record<string, AnyRoute>))
      visit(child);
  };
  visit(routeTree as AnyRoute);
  return paths.sort();
}
