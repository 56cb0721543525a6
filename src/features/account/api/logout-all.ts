// POST /api/user/logout-all: ends every session of the account, this one included.
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export async function logoutAll(): Promise<void> {
  await apiCall((api) => api.post('user/logout-all'));
}

export function useLogoutAll() {
  return useMutation({ mutationFn: logoutAll });
}
