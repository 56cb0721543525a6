// POST /api/user/userRegister: creates an account; a body of exactly `true` means success.
import { useMutation } from '@tanstack/react-query';
import { apiCall, ApiError } from '@/lib/api-client';
import type { RegisterInput } from '@/shared/user';

export async function register(input: RegisterInput): Promise<true> {
  const body = await apiCall((api) =>
    api.post('user/userRegister', { json: input }).json<unknown>(),
  );
  if (body !== true)
    throw new ApiError('No se pudo completar el registro. Inténtalo de nuevo.', 200);
  return true;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
