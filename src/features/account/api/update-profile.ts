// PATCH /api/user/me: changes the name and/or the phone; the answer is the updated account.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { AccountUser, UpdateProfileInput } from '@/shared/account';
import { accountKeys } from '@/lib/auth/account-keys';

export async function updateProfile(input: UpdateProfileInput): Promise<AccountUser> {
  const body = await apiCall((api) =>
    api.patch('user/me', { json: input }).json<{ user: AccountUser }>(),
  );
  return body.user;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(accountKeys.detail(), user),
  });
}
