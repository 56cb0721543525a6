// GET /api/dog/count: how many dogs the catalogue's filters match.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { DogCount } from '@/shared/dog';
import type { CatalogFilters } from '../catalog-search';
import { dogKeys } from '@/lib/query-keys';

export function countDogs(filters: CatalogFilters, queryClient?: QueryClient): Promise<DogCount> {
  return apiCall(
    (api) => api.get('dog/count', { searchParams: { ...filters } }).json<DogCount>(),
    queryClient,
  );
}

export const dogCountQueryOptions = (filters: CatalogFilters) =>
  queryOptions({
    queryKey: dogKeys.count(filters),
    queryFn: ({ client }) => countDogs(filters, client),
  });
