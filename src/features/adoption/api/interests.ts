// "Me interesa": sending a request (POST /api/dog/:id/interest), the person's boxes (GET
// /api/me/interests), the owner's answer (PATCH /api/interest/:id) and the status of a dog set by
// its owner (PUT /api/dog/:id with the dog's own fields and the new status).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dogKeys, interestKeys } from '@/lib/query-keys';
import { apiCall } from '@/lib/api-client';
import type { Dog, DogStatus } from '@/shared/dog';
import type { Interest, InterestBox, InterestInput } from '@/shared/interest';
import type { InterestStateTarget } from '@/shared/interest-states';
import { useSessionStore } from '@/stores/session-store';
import { interestsQueryOptions } from './interest-keys';

/** A box of the logged-in person (nothing is asked for anonymous visitors). */
export function useInterests(box: InterestBox, enabled = true) {
  const logged = useSessionStore((state) => state.logged);
  return useQuery({ ...interestsQueryOptions(box), enabled: logged && enabled });
}

export function useSendInterest(dogId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InterestInput) =>
      apiCall((api) =>
        api.post(`dog/${dogId}/interest`, { json: input }).json<{ interest: Interest }>(),
      ),
    onSuccess: async ({ interest }) => {
      queryClient.setQueryData<Interest[]>(interestKeys.box('sent'), (list = []) => [
        interest,
        ...list,
      ]);
      await queryClient.invalidateQueries({ queryKey: interestKeys.box('sent') });
    },
  });
}

/** The rescuer moves an application (from the received box) or the applicant withdraws it (sent). */
export function useChangeInterestState(box: InterestBox) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, state, note }: { id: number; state: InterestStateTarget; note?: string }) =>
      apiCall((api) =>
        api.patch(`interest/${id}`, { json: { state, note } }).json<{ interest: Interest }>(),
      ),
    onSuccess: async ({ interest }) => {
      queryClient.setQueryData<Interest[]>(interestKeys.box(box), (list) =>
        list?.map((item) => (item.id === interest.id ? interest : item)),
      );
      await queryClient.invalidateQueries({ queryKey: interestKeys.box(box) });
    },
  });
}

/** The fields PUT /api/dog/:id needs to keep the dog as it is, with another status. */
function withStatus(dog: Dog, status: DogStatus) {
  return {
    name: dog.name,
    city: dog.city,
    height: dog.height,
    weight: dog.weight,
    life_span: dog.life_span,
    personality: dog.personality,
    // `image` shows the cover photo when there is one; the owner's typed URL stays.
    image: dog.image_url ?? dog.image,
    status,
  };
}

export function useSetDogStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dog, status }: { dog: Dog; status: DogStatus }) =>
      apiCall((api) =>
        api.put(`dog/${dog.id}`, { json: withStatus(dog, status) }).json<{ dog: Dog }>(),
      ),
    onSuccess: async ({ dog }) => {
      queryClient.setQueryData<Dog>(dogKeys.detail(dog.id), (before) =>
        before ? { ...before, status: dog.status, updated_at: dog.updated_at } : dog,
      );
      queryClient.setQueryData<Dog[]>(dogKeys.mine(), (list) =>
        list?.map((item) => (item.id === dog.id ? { ...item, status: dog.status } : item)),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dogKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dogKeys.counts() }),
        queryClient.invalidateQueries({ queryKey: dogKeys.mine() }),
      ]);
    },
  });
}
