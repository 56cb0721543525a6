// GET /api/admin/dogs/hidden: listings moderation hid, the newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { HiddenDog } from '@/shared/moderation';
import { adminKeys } from './admin-keys';

export function hiddenDogsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.hiddenDogs(),
    queryFn: ({ client }) =>
      apiCall((api) => api.get('admin/dogs/hidden').json<HiddenDog[]>(), client),
  });
}

export function useHiddenDogs() {
  return useQuery(hiddenDogsQueryOptions());
}
