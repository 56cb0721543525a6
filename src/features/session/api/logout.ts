// GET /api/user/userLogout: ends the session. The local session is cleared whatever the outcome.
// A plain pending flag rather than a TanStack mutation: this runs from the navigation bar, whose
// code every page loads first.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { apiCall } from '@/lib/api-client';
import { useSessionStoreApi } from '@/stores/session-store';
import { applySession } from '@/lib/auth/apply-session';

export async function logout(): Promise<void> {
  await apiCall((api) => api.get('user/userLogout'));
}

export function useLogout() {
  const queryClient = useQueryClient();
  const store = useSessionStoreApi();
  const [isPending, setPending] = useState(false);
  const run = useCallback(
    async (onSettled?: () => void) => {
      setPending(true);
      try {
        await logout();
      } catch {
        // Logout always clears the local session, even if the call fails.
      } finally {
        setPending(false);
        applySession(queryClient, store, null);
        onSettled?.();
      }
    },
    [queryClient, store],
  );
  return { logout: run, isPending };
}
