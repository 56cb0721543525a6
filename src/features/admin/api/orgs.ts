// The organizations nobody has verified yet (GET /api/admin/orgs), and verifying one or taking
// its "Verificada" badge away.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { orgKeys } from '@/lib/query-keys';
import type { WaitingOrg } from '@/shared/org';

export const waitingOrgsQueryOptions = () =>
  queryOptions({
    queryKey: orgKeys.waiting(),
    queryFn: ({ client }) => apiCall((api) => api.get('admin/orgs').json<WaitingOrg[]>(), client),
  });

export function useSetVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orgId, verified }: { orgId: number; verified: boolean }) =>
      apiCall((api) =>
        verified
          ? api.post(`admin/orgs/${orgId}/verify`)
          : api.delete(`admin/orgs/${orgId}/verify`),
      ).then(() => undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}
