// POST /api/user/password-reset/confirm: sets a new password with the e-mailed link's token; and
// POST /api/user/password-reset/check: whether that link still works, asked as its page opens.
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiCall } from '@/lib/api-client';
import type { PasswordResetConfirmInput } from '@/shared/account';

export async function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<void> {
  await apiCall((api) => api.post('user/password-reset/confirm', { json: input }));
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}

/**
 * True once the server said the link is used, expired or unknown; false while it works, is being
 * checked, or could not be checked (the form then tries, and says what the server answers).
 */
export function useResetLinkDead(token: string, enabled: boolean): boolean {
  const check = useQuery({
    queryKey: ['password-reset-check', token],
    queryFn: async () => {
      await apiCall((api) => api.post('user/password-reset/check', { json: { token } }));
      return true;
    },
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  return check.error instanceof ApiError && check.error.status === 400;
}
