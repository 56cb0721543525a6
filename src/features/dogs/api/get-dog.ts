// GET /api/dog/:id: one dog (404 when it no longer exists).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { Dog } from '@/shared/dog';
import { dogKeys } from '@/lib/query-keys';

export async function getDog(id: number, queryClient?: QueryClient): Promise<Dog> {
  return apiCall((api) => api.get(`dog/${id}`).json<Dog>(), queryClient);
}

export const dogQueryOptions = (id: number) =>
  queryOptions({
    queryKey: dogKeys.detail(id),
    queryFn: ({ client }) => getDog(id, client),
  });
