// GET /api/admin/users/blocked: blocked accounts, the newest block first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { BlockedUser } from '@/shared/moderation';
import { adminKeys } from './admin-keys';

export function blockedUsersQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.blockedUsers(),
    queryFn: ({ client }) =>
      apiCall((api) => api.get('admin/users/blocked').json<BlockedUser[]>(), client),
  });
}

export function useBlockedUsers() {
  return useQuery(blockedUsersQueryOptions());
}
