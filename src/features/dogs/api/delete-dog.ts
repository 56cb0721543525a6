// DELETE /api/dog/:id: removes one of the user's dogs (204, no body).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { dogKeys } from '@/lib/query-keys';
import type { DogPages } from './get-dogs';

export async function deleteDog(id: number): Promise<void> {
  await apiCall((api) => api.delete(`dog/${id}`));
}

export function useDeleteDog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDog,
    onSuccess: async (_result, id) => {
      // Take the card out at once, then let the server confirm the list.
      queryClient.setQueriesData<DogPages>({ queryKey: dogKeys.lists() }, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => page.filter((dog) => dog.id !== id)) }
          : data,
      );
      queryClient.removeQueries({ queryKey: dogKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dogKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dogKeys.counts() }),
        queryClient.invalidateQueries({ queryKey: dogKeys.mine() }),
      ]);
    },
  });
}
