// The contexts every render of the app needs around the router: TanStack Query's client and the
// session store, both created per page render.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionStoreProvider, type SessionStore } from '@/stores/session-store';

export function AppProviders({
  queryClient,
  store,
  children,
}: {
  queryClient: QueryClient;
  store: SessionStore;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionStoreProvider store={store}>{children}</SessionStoreProvider>
    </QueryClientProvider>
  );
}
