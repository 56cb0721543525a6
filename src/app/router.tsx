// The router: every file in src/routes/ exports its `route`, and the tree is put together from
// them here, so a new page is one new file. One router per page render (per request on the
// server), with that render's QueryClient and session store in its context; the server hands
// the query cache to the browser through the router's hydration data.
//
// A page's data: its route's loader calls `context.queryClient.ensureQueryData(options)` (await it
// where the server must draw the data), and the options' queryFn passes its `client` to apiCall,
// so that on the server the request is answered in-process as the visitor and no one else.
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createRouter, type AnyRoute, type RouterHistory } from '@tanstack/react-router';
import { PageLoader } from '@/components/page-loader';
import { rememberPageData } from '@/lib/page-data';
import { sessionKeys } from '@/lib/auth/session-keys';
import type { User } from '@/shared/user';
import type { SessionStore } from '@/stores/session-store';
import { rootRoute } from '@/routes/__root';

const routeModules = import.meta.glob<{ route: AnyRoute }>('../routes/*.tsx', { eager: true });

/** The routes of src/routes/ hung under their parents (a route names its parent itself). */
function buildRouteTree(): typeof rootRoute {
  const children = new Map<AnyRoute, AnyRoute[]>();
  for (const [file, module] of Object.entries(routeModules)) {
    const route = module.route as AnyRoute | undefined;
    if (route === undefined) {
      if (file.endsWith('/__root.tsx')) continue;
      throw new Error(`${file} must export its route as \`route\``);
    }
    const parent = route.options.getParentRoute?.() as AnyRoute | undefined;
    if (!parent) throw new Error(`${file}: the route has no parent`);
    children.set(parent, [...(children.get(parent) ?? []), route]);
  }
  const attach = (route: AnyRoute): AnyRoute => {
    const own = children.get(route);
    return own ? route.addChildren(own.map(attach)) : route;
  };
  return attach(rootRoute) as typeof rootRoute;
}

export const routeTree = buildRouteTree();

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
    scrollRestoration: true,
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

// Routes are collected from their files at build time, so the router is not registered for
// typed links: paths are checked by the tests that follow them instead.
export type AppRouter = ReturnType<typeof createAppRouter>;
