// The router: every file in src/app/routes/ is a route (its name is its path), and the router
// plugin of vite.config.ts writes the tree of them into routeTree.gen.ts and splits each route's
// components into chunks of their own, so a new page is one new file. One router per page render (per request on the
// server), with that render's QueryClient and session store in its context; the server hands
// the query cache to the browser through the router's hydration data.
//
// A page's data: its route's loader calls `context.queryClient.ensureQueryData(options)` (await it
// where the server must draw the data), and the options' queryFn passes its `client` to apiCall,
// so that on the server the request is answered in-process as the visitor and no one else.
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { PageLoader } from '@/components/page-loader';
import { rememberPageData } from '@/lib/page-data';
import { sessionKeys } from '@/lib/auth/session-keys';
import type { User } from '@/shared/user';
import type { SessionStore } from '@/stores/session-store';
import { routeTree } from './routeTree.gen';

type RouterOptions = {
  queryClient: QueryClient;
  store: SessionStore;
  history?: RouterHistory;
  /** CSP nonce of the server's response, for the inline scripts it writes. */
  nonce?: string;
  /** The site's public origin (absolute URLs in shared pages' tags); the browser's by default. */
  origin?: string;
  /** On the server: what the page hands to the browser (the query cache), see entry-server.tsx. */
  dehydrate?: () => { queries: DehydratedState };
};

export function createAppRouter({
  queryClient,
  store,
  history,
  nonce,
  origin,
  dehydrate,
}: RouterOptions) {
  let hydrated = false;
  return createRouter({
    routeTree,
    context: {
      queryClient,
      store,
      origin: origin ?? globalThis.location?.origin ?? 'http://localhost',
    },
    history,
    ssr: nonce ? { nonce } : undefined,
    defaultPendingComponent: PageLoader,
    defaultPreload: 'intent',
    // Loaders read TanStack Query's cache, which has its own freshness rules.
    defaultPreloadStaleTime: 0,
    // Every navigation restores or resets the scroll, except the first render: the hydration of
    // the server's page, which the browser has placed already (at its #anchor, or where it was
    // before a reload), and which the visitor may have scrolled while its code downloaded.
    scrollRestoration: () => {
      if (!hydrated) {
        hydrated = true;
        return false;
      }
      return true;
    },
    // What the server's queries fetched travels with the page, so the browser asks nothing again.
    // (Dehydrated queries are plain data; the router's serializability type cannot prove it.)
    dehydrate: dehydrate as never,
    hydrate: (data: { queries: DehydratedState }) => {
      hydrate(queryClient, data.queries);
      rememberPageData(queryClient, data.queries);
      const user = queryClient.getQueryData<User | null>(sessionKeys.me());
      if (user) store.getState().setUser(user);
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

// Links, navigations and route hooks are checked against the route tree.
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A public page without parameters, listed in /sitemap.xml (the server reads the build's list). */
    sitemap?: boolean;
  }
  interface Register {
    router: AppRouter;
  }
}
