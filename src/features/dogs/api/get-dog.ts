// GET /api/dog/:id: one dog (404 when it no longer exists).
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { Dog } from '@/shared/dog';
import { dogKeys } from './dog-keys';

export async function getDog(id: number): Promise<Dog> {
  return apiCall((api) => api.get(`dog/${id}`).json<Dog>());
}

export const dogQueryOptions = (id: number) =>
  queryOptions({
    queryKey: dogKeys.detail(id),
    queryFn: () => getDog(id),
  });
