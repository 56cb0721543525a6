// GET /api/user/userLogout: ends the session. The local session is cleared whatever the outcome.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { applySession } from './reset-user-data';

export async function logout(): Promise<void> {
  await apiCall((api) => api.get('user/userLogout'));
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // SPEC.md §4: "Logout always clears the session, even if the call fails."
    onSettled: () => applySession(queryClient, null),
  });
}
