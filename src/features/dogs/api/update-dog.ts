// PUT /api/dog/:id: replaces the editable fields of one of the user's dogs.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { Dog, DogInput } from '@/shared/dog';
import { dogKeys } from '@/lib/query-keys';

export async function updateDog({ id, input }: { id: number; input: DogInput }): Promise<Dog> {
  const body = await apiCall((api) => api.put(`dog/${id}`, { json: input }).json<{ dog: Dog }>());
  return body.dog;
}

export function useUpdateDog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDog,
    onSuccess: async (dog) => {
      queryClient.setQueryData(dogKeys.detail(dog.id), dog);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dogKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dogKeys.counts() }),
        queryClient.invalidateQueries({ queryKey: dogKeys.mine() }),
      ]);
    },
  });
}
