// Server rendering of the landing page (built by prerender-plugin.ts into a self-contained
// module): at build time without data (landing.html: the static sections, carousel loading), and
// by the server for anonymous visitors of / and /home with the data it embeds in the page
// (src/server/http/landing.ts), so the first dog cards are on screen before any JavaScript runs. The browser app renders
// the same tree over it on start (src/main.tsx).
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from '@/app/app';
import { seedQueryCache, type Bootstrap } from '@/app/bootstrap';
import { createAppRouter } from '@/app/router';
import { preloadDeferred } from '@/components/deferred';
import { sessionKeys } from '@/features/session/api/session-keys';
import { createQueryClient } from '@/lib/query-client';

/**
 * The HTML inside <div id="root"> for `url`, as an anonymous visitor first sees it with `data`.
 * Only anonymous: zustand renders its initial (logged-out) session state on the server.
 */
export async function render(url: string, data?: Bootstrap): Promise<string> {
  if (data?.user) throw new Error('render() draws the page of anonymous visitors only');
  const queryClient = createQueryClient();
  // Nothing is fetched while rendering on the server.
  queryClient.setDefaultOptions({ queries: { enabled: false, retry: false } });
  if (data) seedQueryCache(queryClient, data);
  else queryClient.setQueryData(sessionKeys.me(), null);
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  // Without data (at build time) the route loader's prefetch starts a request that must never
  // leave this process; with data the first page is fresh and nothing is requested.
  const realFetch = globalThis.fetch;
  if (!data) globalThis.fetch = () => new Promise<Response>(() => {});
  try {
    // Below-the-fold parts load lazily in the browser; the server draws them in full.
    await Promise.all([router.load(), preloadDeferred()]);
  } finally {
    globalThis.fetch = realFetch;
  }
  try {
    return renderToString(<App queryClient={queryClient} router={router} />);
  } finally {
    queryClient.clear();
  }
}
