// Renders one feature component (not a whole page) with the app's providers: Mantine, a fresh
// QueryClient, a memory router for its links, and the lazy modal and notification host.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { OverlayRoot } from '@/components/overlays/overlays';
import { theme } from '@/theme';
import type { MockSeed } from './msw/mock-db';
import { mockDb } from './msw/server';
import { createTestQueryClient } from './test-utils';

/** Resolves once the component is on screen (the router has loaded its one route). */
export async function renderFeature(
  ui: ReactNode,
  { path = '/', ...seed }: MockSeed & { path?: string } = {},
) {
  mockDb.reset(seed);
  const queryClient = createTestQueryClient();
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <OverlayRoot />
      </>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const user = userEvent.setup();
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, user, queryClient };
}
