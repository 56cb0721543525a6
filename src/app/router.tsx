// The route tree (code-based, one file): / and /home show the landing page, /entrar and
// /registrarse are lazy screens, any other path redirects to /.
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { preloadForClientRender } from '@/components/deferred';
import { PageLoader } from '@/components/page-loader';
import { dogsInfiniteQueryOptions } from '@/features/dogs/api/get-dogs';
import { isLoggedIn } from '@/features/session/api/get-me';
import { LandingPage } from './landing/landing-page';
import { RootLayout } from './root-layout';

export type RouterContext = { queryClient: QueryClient };

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: RootLayout });

/**
 * Starts loading the first page of dogs without holding the page back while it arrives, and
 * waits for the code of the landing page's below-the-fold parts unless they hydrate server HTML.
 */
const loadLanding = ({ context }: { context: RouterContext }) => {
  void context.queryClient.prefetchInfiniteQuery(dogsInfiniteQueryOptions());
  return preloadForClientRender();
};

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: loadLanding,
  component: LandingPage,
});

// SPEC.md: logout lands on /home, which is the same landing page.
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home',
  loader: loadLanding,
  component: LandingPage,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/entrar',
  beforeLoad: async ({ context }) => {
    if (await isLoggedIn(context.queryClient)) throw redirect({ to: '/', replace: true });
  },
  component: lazyRouteComponent(() => import('@/features/session/components/login-screen'), 'LoginScreen'),
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/registrarse',
  component: lazyRouteComponent(
    () => import('@/features/session/components/register-screen'),
    'RegisterScreen',
  ),
});

const fallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  homeRoute,
  loginRoute,
  registerRoute,
  fallbackRoute,
]);

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    context: { queryClient },
    history,
    defaultPendingComponent: PageLoader,
    defaultPreload: 'intent',
    // Loaders read TanStack Query's cache, which has its own freshness rules.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
