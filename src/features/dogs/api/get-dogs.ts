// GET /api/dog?limit&before (and the catalogue's filters): the dogs, newest first, in pages of
// DOG_PAGE_SIZE (keyset pagination).
import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { Dog } from '@/shared/dog';
import { dogKeys } from '@/lib/query-keys';
import type { CatalogFilters } from '../catalog-search';

/** A list's page size and the catalogue's filters (none: the carousel's list). */
export type DogListParams = { limit: number } & CatalogFilters;

/** Same value as DOG_PAGE_DEFAULT in src/shared/dog.ts, repeated so the landing bundle skips zod. */
export const DOG_PAGE_SIZE = 24;

export type DogPageParam = number | undefined;
export type DogPages = InfiniteData<Dog[], DogPageParam>;

export async function getDogs(
  { before, ...params }: DogListParams & { before?: number },
  queryClient?: QueryClient,
): Promise<Dog[]> {
  const searchParams: Record<string, string | number> = { ...params };
  if (before !== undefined) searchParams.before = before;
  return apiCall((api) => api.get('dog', { searchParams }).json<Dog[]>(), queryClient);
}

export const dogsInfiniteQueryOptions = (params: DogListParams = { limit: DOG_PAGE_SIZE }) =>
  infiniteQueryOptions({
    queryKey: dogKeys.list(params),
    queryFn: ({ pageParam, client }) => getDogs({ ...params, before: pageParam }, client),
    initialPageParam: undefined as DogPageParam,
    // A short page is the last one; otherwise continue below the oldest id seen so far.
    getNextPageParam: (lastPage) =>
      lastPage.length < params.limit ? undefined : lastPage[lastPage.length - 1]?.id,
  });

/** Looks a dog up in every loaded page of every cached list. */
export function findDogInPages(lists: Array<DogPages | undefined>, id: number): Dog | undefined {
  for (const list of lists) {
    for (const page of list?.pages ?? []) {
      const dog = page.find((candidate) => candidate.id === id);
      if (dog) return dog;
    }
  }
  return undefined;
}
