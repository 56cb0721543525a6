// POST /api/user/password-reset/confirm: sets a new password with the e-mailed link's token.
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { PasswordResetConfirmInput } from '@/shared/account';

export async function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<void> {
  await apiCall((api) => api.post('user/password-reset/confirm', { json: input }));
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
