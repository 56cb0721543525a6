// POST /api/user/userLogin: starts a session (cookie) and returns the user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { LoginInput, User } from '@/shared/user';
import { useSessionStoreApi } from '@/stores/session-store';
import { applySession } from '@/lib/auth/apply-session';

export async function login(input: LoginInput): Promise<User> {
  const body = await apiCall((api) =>
    api.post('user/userLogin', { json: input }).json<{ user: User }>(),
  );
  return body.user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  const store = useSessionStoreApi();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => applySession(queryClient, store, user),
  });
}
