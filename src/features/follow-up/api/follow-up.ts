// Closing an adoption and its follow-up in the app: the adoption page's data and actions, the
// person's adoptions, the check-in link (no login), and the public happy endings.
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { dogKeys, interestKeys } from '@/lib/query-keys';
import type {
  Adoption,
  AdoptionDetail,
  CheckinInput,
  CheckinPrompt,
  HappyEnding,
  SterilizationInput,
} from '@/shared/follow-up';
import type { Photo } from '@/shared/photo';

export const followUpKeys = {
  all: ['adoptions'] as const,
  mine: () => [...followUpKeys.all, 'mine'] as const,
  detail: (id: number) => [...followUpKeys.all, id] as const,
  checkin: (token: string) => ['checkin', token] as const,
  happyEndings: () => ['happy-endings'] as const,
  today: (dogId: number) => ['dog-today', dogId] as const,
};

export const adoptionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: followUpKeys.detail(id),
    queryFn: ({ client }) =>
      apiCall((api) => api.get(`adoptions/${id}`).json<AdoptionDetail>(), client),
  });

export const myAdoptionsQueryOptions = () =>
  queryOptions({
    queryKey: followUpKeys.mine(),
    queryFn: ({ client }) => apiCall((api) => api.get('me/adoptions').json<Adoption[]>(), client),
  });

export const checkinQueryOptions = (token: string) =>
  queryOptions({
    queryKey: followUpKeys.checkin(token),
    queryFn: ({ client }) =>
      apiCall(
        (api) =>
          api
            .get(`checkins/${encodeURIComponent(token)}`)
            .json<{ checkin: CheckinPrompt }>()
            .then((r) => r.checkin),
        client,
      ),
    retry: false,
  });

export const happyEndingsQueryOptions = () =>
  queryOptions({
    queryKey: followUpKeys.happyEndings(),
    queryFn: ({ client }) =>
      apiCall((api) => api.get('happy-endings').json<HappyEnding[]>(), client),
  });

export function useAdoption(id: number) {
  return useQuery(adoptionQueryOptions(id));
}

/** Only on pages that need a login (Mis publicaciones, /cuenta). */
export function useMyAdoptions() {
  return useQuery(myAdoptionsQueryOptions());
}

export function useDogToday(dogId: number) {
  return useQuery({
    queryKey: followUpKeys.today(dogId),
    queryFn: () =>
      apiCall((api) => api.get(`dog/${dogId}/today`).json<{ today: HappyEnding | null }>()),
  });
}

export function useHappyEndings() {
  return useQuery(happyEndingsQueryOptions());
}

export function useCheckin(token: string) {
  return useQuery(checkinQueryOptions(token));
}

async function refreshAdoption(queryClient: QueryClient, id: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: followUpKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: followUpKeys.mine() }),
  ]);
}

/** The rescuer closes a dog's adoption with an approved application. */
export function useCloseAdoption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dogId, interestId }: { dogId: number; interestId: number }) =>
      apiCall((api) =>
        api
          .post(`dog/${dogId}/adoption`, { json: { interest_id: interestId } })
          .json<{ adoption: Adoption }>(),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: followUpKeys.mine() }),
  });
}

/** An action on the adoption page; the page's data is read again after it. */
function useAdoptionAction<I>(id: number, run: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await refreshAdoption(queryClient, id);
      await queryClient.invalidateQueries({ queryKey: dogKeys.all });
      await queryClient.invalidateQueries({ queryKey: interestKeys.all });
    },
  });
}

export const useAcceptActa = (id: number) =>
  useAdoptionAction(id, () => apiCall((api) => api.post(`adoptions/${id}/accept`).json()));

/** The rescuer cancels a pending adoption (the acta can no longer be accepted). */
export const useCancelAdoption = (id: number) =>
  useAdoptionAction(id, () => apiCall((api) => api.post(`adoptions/${id}/cancel`).json()));

export const useShareConsent = (id: number) =>
  useAdoptionAction(id, (share: boolean) =>
    apiCall((api) => api.patch(`adoptions/${id}`, { json: { share_consent: share } }).json()),
  );

export const useRecordReturn = (id: number) =>
  useAdoptionAction(id, (input: { note?: string; publish: boolean }) =>
    apiCall((api) => api.post(`adoptions/${id}/return`, { json: input }).json()),
  );

export const useRecordSterilization = (id: number) =>
  useAdoptionAction(id, (input: Omit<SterilizationInput, 'photo_ids'>) =>
    apiCall((api) => api.post(`adoptions/${id}/sterilization`, { json: input }).json()),
  );

/** Uploads one photo with the check-in link (no login). */
export function uploadCheckinPhoto(token: string, file: File): Promise<Photo> {
  const form = new FormData();
  form.append('file', file);
  return apiCall((api) =>
    api
      .post(`checkins/${encodeURIComponent(token)}/photos`, { body: form, timeout: 60_000 })
      .json<{ photo: Photo }>()
      .then((r) => r.photo),
  );
}

export function useAnswerCheckin(token: string) {
  return useMutation({
    mutationFn: (input: CheckinInput) =>
      apiCall((api) => api.post(`checkins/${encodeURIComponent(token)}`, { json: input }).json()),
  });
}
