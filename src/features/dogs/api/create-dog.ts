// POST /api/dog: publishes a dog owned by the logged user (the server takes hostage_id from the session).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { Dog, DogInput } from '@/shared/dog';
import { dogKeys } from '@/lib/query-keys';

export async function createDog(input: DogInput): Promise<Dog> {
  const body = await apiCall((api) => api.post('dog', { json: input }).json<{ dog: Dog }>());
  return body.dog;
}

export function useCreateDog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDog,
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
