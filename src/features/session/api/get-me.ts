// GET /api/user/me: the user behind the session cookie, or null when there is none (401).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall, ApiError } from '@/lib/api-client';
import type { User } from '@/shared/user';
import { useSessionStore } from '@/stores/session-store';
import { sessionKeys } from './session-keys';

export async function getMe(): Promise<User | null> {
  try {
    const body = await apiCall((api) => api.get('user/me').json<{ user: User }>());
    return body.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: getMe,
    // The session only changes through login/logout, which write this cache entry themselves.
    staleTime: Infinity,
    retry: false,
  });

/** Whether a session exists: the store first, then (once per page load) the server. */
export async function isLoggedIn(queryClient: QueryClient): Promise<boolean> {
  if (useSessionStore.getState().logged) return true;
  try {
    const user = await queryClient.ensureQueryData(meQueryOptions());
    return user !== null;
  } catch {
    return false;
  }
}
