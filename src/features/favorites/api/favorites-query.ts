// GET /api/me/favorites: the dogs the logged-in person saved ("Guardados"). Apart from the hooks
// (favorites.ts) because the route file loads with every page.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { Dog } from '@/shared/dog';

export const favoriteKeys = {
  all: ['favorites'] as const,
};

export function getFavorites(queryClient?: QueryClient): Promise<Dog[]> {
  return apiCall((api) => api.get('me/favorites').json<Dog[]>(), queryClient);
}

export function favoritesQueryOptions() {
  return queryOptions({
    queryKey: favoriteKeys.all,
    // The client carries the request's transport when the page is drawn on the server.
    queryFn: ({ client }) => getFavorites(client),
  });
}
