// DELETE /api/user/me: removes the account and everything of it; the password confirms it.
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { DeleteAccountInput } from '@/shared/account';

export async function deleteAccount(input: DeleteAccountInput): Promise<void> {
  await apiCall((api) => api.delete('user/me', { json: input }));
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
