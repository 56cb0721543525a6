// Reads of the adoption feature ("Me interesa" requests, the person's own dogs), under the shared
// key factories. Apart from the hooks because /mis-perros' route loader imports them.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { dogKeys, interestKeys } from '@/lib/query-keys';
import { apiCall } from '@/lib/api-client';
import type { Dog } from '@/shared/dog';
import type { Interest, InterestBox } from '@/shared/interest';

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
    queryKey: dogKeys.mine(),
    queryFn: ({ client }) => getMyDogs(client),
  });
