// Renders the whole app (Mantine, modals, notifications, TanStack Query and Router) at a route,
// with a fresh QueryClient (the app's own, without retries) and the mock API seeded for the test.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter, type AppRouter } from '@/app/router';
import { DocumentShellContext, MantineEnvContext } from '@/app/router-context';
import { createSessionStore, readContactDogId } from '@/stores/session-store';
import type { MockSeed } from './msw/mock-db';
import { mockDb } from './msw/server';

/** The app's QueryClient with retries off: a failed request fails the test's query at once. */
export function createTestQueryClient() {
  return createQueryClient({ queries: { retry: false } });
}

type RenderAppOptions = MockSeed & {
  route?: string;
  /** Options for userEvent.setup(), e.g. `advanceTimers` with fake timers. */
  userEventOptions?: Parameters<typeof userEvent.setup>[0];
  /** 'default' keeps Mantine's real transitions and portals (for timing-sensitive behaviour). */
  mantineEnv?: 'default' | 'test';
};

export function renderApp({
  route = '/',
  userEventOptions,
  mantineEnv = 'test',
  ...seed
}: RenderAppOptions = {}) {
  mockDb.reset(seed);
  const queryClient = createTestQueryClient();
  const history = createMemoryHistory({ initialEntries: [route] });
  const store = createSessionStore({ contactDogId: readContactDogId() });
  const router = createAppRouter({ queryClient, store, history });
  const user = userEvent.setup(userEventOptions);
  const view = render(
    <DocumentShellContext.Provider value={false}>
      <MantineEnvContext.Provider value={mantineEnv}>
        <AppProviders queryClient={queryClient} store={store}>
          <RouterProvider router={router} />
        </AppProviders>
      </MantineEnvContext.Provider>
    </DocumentShellContext.Provider>,
  );
  return { ...view, user, router, queryClient, history, store };
}

/** The current path of the app's router. */
export function currentPath(router: AppRouter): string {
  return router.state.location.pathname;
}

/** Waits for the carousel to show the cards. */
export async function findCarousel() {
  return screen.findByRole('region', { name: 'Perros en adopción' });
}

export { screen };

/** A promise the test resolves by hand, to hold a mocked response while asserting "pending". */
export function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** Collects the method and path (with query) of every request the app makes. */
export function recordRequests(server: {
  events: { on: (event: 'request:start', listener: (args: { request: Request }) => void) => void };
}) {
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
  });
  return requests;
}
