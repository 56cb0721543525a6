// GET /api/user/account: the logged-in person's own data (name, e-mail, phone) for /cuenta.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { AccountUser } from '@/shared/account';
import { accountKeys } from './account-keys';

export async function getAccount(queryClient?: QueryClient): Promise<AccountUser> {
  const body = await apiCall(
    (api) => api.get('user/account').json<{ user: AccountUser }>(),
    queryClient,
  );
  return body.user;
}

export function accountQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.detail(),
    // The client carries the request's transport when the page is drawn on the server.
    queryFn: ({ client }) => getAccount(client),
  });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}
