// GET /api/admin/lost-found/reports: open complaints about lost and found reports, grouped by
// report, the most reported first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { LostFoundFlagGroup } from '@/shared/lost-found';
import { adminKeys } from './admin-keys';

export function lostFoundFlagsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.lostFoundFlags(),
    queryFn: ({ client }) =>
      apiCall((api) => api.get('admin/lost-found/reports').json<LostFoundFlagGroup[]>(), client),
  });
}

export function useLostFoundFlags() {
  return useQuery(lostFoundFlagsQueryOptions());
}
