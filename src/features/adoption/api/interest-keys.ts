// Query keys and reads of the adoption feature ("Me interesa" requests, the person's own dogs).
// Apart from the hooks because /mis-perros' route loader imports them.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { dogKeys } from '@/features/dogs/api/dog-keys';
import { apiCall } from '@/lib/api-client';
import type { Dog } from '@/shared/dog';
import type { Interest, InterestBox } from '@/shared/interest';

/**
 * The logged-in person's own listings ("Mis publicaciones"), under the dogs' keys. Not in dogKeys:
 * that object is in every page's first code, this key only where dogs are written or listed.
 */
export const myDogsKey = () => [...dogKeys.all, 'mine'] as const;

export const interestKeys = {
  all: ['interests'] as const,
  box: (box: InterestBox) => [...interestKeys.all, box] as const,
};

export function getInterests(box: InterestBox, queryClient?: QueryClient): Promise<Interest[]> {
  return apiCall(
    (api) => api.get('me/interests', { searchParams: { box } }).json<Interest[]>(),
    queryClient,
  );
}

export const interestsQueryOptions = (box: InterestBox) =>
  queryOptions({
    queryKey: interestKeys.box(box),
    // The client carries the request's transport when the page is drawn on the server.
    queryFn: ({ client }) => getInterests(box, client),
  });

export function getMyDogs(queryClient?: QueryClient): Promise<Dog[]> {
  return apiCall((api) => api.get('me/dogs').json<Dog[]>(), queryClient);
}

export const myDogsQueryOptions = () =>
  queryOptions({
    queryKey: myDogsKey(),
    queryFn: ({ client }) => getMyDogs(client),
  });
