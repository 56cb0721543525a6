// What login and logout do to the cache: everything but the session may differ per user (dogs
// carry their owner's e-mail only for logged-in requesters), so it is dropped and refetched.
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@/shared/user';
import type { SessionStore } from '@/stores/session-store';
import { sessionKeys } from './session-keys';

export function applySession(queryClient: QueryClient, store: SessionStore, user: User | null) {
  if (user) store.getState().setUser(user);
  else store.getState().clearSession();
  queryClient.setQueryData(sessionKeys.me(), user);
  void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
}
