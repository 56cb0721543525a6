// GET /api/user/me: the user behind the session cookie, or null when there is none (401).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall, ApiError } from '@/lib/api-client';
import type { User } from '@/shared/user';
import { sessionKeys } from './session-keys';

export async function getMe(queryClient?: QueryClient): Promise<User | null> {
  try {
    const body = await apiCall((api) => api.get('user/me').json<{ user: User }>(), queryClient);
    return body.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: ({ client }) => getMe(client),
    // The session only changes through login/logout, which write this cache entry themselves.
    staleTime: Infinity,
    retry: false,
  });

/** Whether a session exists: asked of the server once per page load, then kept in the cache. */
export async function isLoggedIn(queryClient: QueryClient): Promise<boolean> {
  try {
    const user = await queryClient.ensureQueryData(meQueryOptions());
    return user !== null;
  } catch {
    return false;
  }
}
