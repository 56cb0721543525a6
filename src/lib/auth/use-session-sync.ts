// Asks the server who is logged in (GET /api/user/me) when the app starts, so a reload keeps
// the session, and mirrors the answer into the session store.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStoreApi } from '@/stores/session-store';
import { meQueryOptions } from './get-me';

export function useSessionSync() {
  const store = useSessionStoreApi();
  const { data: user } = useQuery(meQueryOptions());
  useEffect(() => {
    if (user === undefined) return;
    if (user) store.getState().setUser(user);
    else store.getState().clearSession();
  }, [user, store]);
}
