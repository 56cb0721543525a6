// What login and logout do to the cache: everything but the session may differ per user (dogs
// carry their owner's e-mail only for logged-in requesters), so it is dropped and refetched.
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@/shared/user';
import { useSessionStore } from '@/stores/session-store';
import { sessionKeys } from './session-keys';

export function applySession(queryClient: QueryClient, user: User | null) {
  if (user) useSessionStore.getState().setUser(user);
  else useSessionStore.getState().clearSession();
  queryClient.setQueryData(sessionKeys.me(), user);
  void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
}
