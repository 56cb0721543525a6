// The adopter profile (GET/PUT /api/me/adopter-profile) and the rescuer's response time on a
// dog's page (GET /api/dog/:id/response-time).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { AdopterProfile, AdopterProfileInput } from '@/shared/adopter-profile';
import type { ResponseTime } from '@/shared/interest';
import { useSessionStore } from '@/stores/session-store';

export const adopterProfileKey = () => ['adopter-profile'] as const;

export const adopterProfileQueryOptions = () =>
  queryOptions({
    queryKey: adopterProfileKey(),
    queryFn: ({ client }) =>
      apiCall(
        (api) => api.get('me/adopter-profile').json<{ profile: AdopterProfile | null }>(),
        client,
      ).then((body) => body.profile),
  });

export function useAdopterProfile(enabled = true) {
  const logged = useSessionStore((state) => state.logged);
  return useQuery({ ...adopterProfileQueryOptions(), enabled: logged && enabled });
}

export function useSaveAdopterProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdopterProfileInput) =>
      apiCall((api) =>
        api.put('me/adopter-profile', { json: input }).json<{ profile: AdopterProfile }>(),
      ),
    onSuccess: ({ profile }) => queryClient.setQueryData(adopterProfileKey(), profile),
  });
}

export function useResponseTime(dogId: number) {
  return useQuery({
    queryKey: ['response-time', dogId],
    queryFn: () => apiCall((api) => api.get(`dog/${dogId}/response-time`).json<ResponseTime>()),
    staleTime: 10 * 60 * 1000,
  });
}
