// POST /api/user/password-reset: asks for a reset link; the answer is the same for every e-mail.
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { PasswordResetRequestInput } from '@/shared/account';

export async function requestPasswordReset(input: PasswordResetRequestInput): Promise<string> {
  const body = await apiCall((api) =>
    api.post('user/password-reset', { json: input }).json<{ message: string }>(),
  );
  return body.message;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
