// POST /api/user/password: a new password (the current one is asked); other sessions end.
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { ChangePasswordInput } from '@/shared/account';

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiCall((api) => api.post('user/password', { json: input }));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
