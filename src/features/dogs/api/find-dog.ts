// One dog by id for opening its modal: from a list already loaded (or on its way), otherwise
// from GET /api/dog/:id.
import type { QueryClient } from '@tanstack/react-query';
import type { Dog } from '@/shared/dog';
import { dogKeys } from '@/lib/query-keys';
import { dogQueryOptions } from './get-dog';
import { findDogInPages, type DogPages } from './get-dogs';

/**
 * `withContact`: the visitor is logged in, so the dog must carry its owner's contact; a copy
 * loaded anonymously (without `user`) is fetched again.
 */
export async function findDog(
  queryClient: QueryClient,
  id: number,
  withContact: boolean,
): Promise<Dog> {
  // A list on its way (the landing page's first page) may hold the dog: wait for it.
  await Promise.allSettled(
    queryClient
      .getQueryCache()
      .findAll({ queryKey: dogKeys.lists(), fetchStatus: 'fetching' })
      .map((query) => query.promise),
  );
  const lists = queryClient.getQueriesData<DogPages>({ queryKey: dogKeys.lists() });
  const cached = findDogInPages(
    lists.map(([, data]) => data),
    id,
  );
  if (cached && (!withContact || cached.user)) return cached;
  return queryClient.fetchQuery(dogQueryOptions(id));
}
