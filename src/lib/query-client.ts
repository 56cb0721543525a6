// TanStack Query defaults shared by the app and the test renderer.
import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/**
 * The app's QueryClient. Options given here replace single defaults (the tests turn retries
 * off); the app passes none.
 */
export function createQueryClient({
  queries,
  mutations,
  ...others
}: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      ...others,
      queries: {
        staleTime: 30_000,
        // Client errors (4xx) will not fix themselves on retry; network and 5xx errors may.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        ...queries,
      },
      // Offline, a mutation is tried at once and fails saying so, instead of waiting (paused,
      // its button spinning) for the connection to come back.
      mutations: { retry: false, networkMode: 'always', ...mutations },
    },
  });
}
