// "Guardados": the dogs the logged-in person saved (GET /api/me/favorites), and saving or
// forgetting one (PUT / DELETE /api/me/favorites/:dogId) with the heart shown at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/components/overlays/overlays';
import { apiCall } from '@/lib/api-client';
import type { Dog } from '@/shared/dog';
import { useSessionStore } from '@/stores/session-store';
import { favoriteKeys, favoritesQueryOptions } from './favorites-query';

/** The saved dogs of a logged-in visitor (nothing is asked for anonymous visitors). */
export function useFavorites() {
  const logged = useSessionStore((state) => state.logged);
  return useQuery({ ...favoritesQueryOptions(), enabled: logged });
}

/** Whether the logged-in visitor saved this dog (false until their list has loaded). */
export function useIsSaved(dogId: number): boolean {
  const { data } = useFavorites();
  return data?.some((dog) => dog.id === dogId) ?? false;
}

type Toggle = { dog: Dog; save: boolean };

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dog, save }: Toggle) =>
      apiCall((api) =>
        save ? api.put(`me/favorites/${dog.id}`) : api.delete(`me/favorites/${dog.id}`),
      ),
    // The heart changes at once; a failure puts it back and says why.
    onMutate: async ({ dog, save }) => {
      await queryClient.cancelQueries({ queryKey: favoriteKeys.all });
      const before = queryClient.getQueryData<Dog[]>(favoriteKeys.all);
      queryClient.setQueryData<Dog[]>(favoriteKeys.all, (list = []) => {
        const others = list.filter((saved) => saved.id !== dog.id);
        return save ? [dog, ...others] : others;
      });
      return { before };
    },
    onError: (error, { save }, context) => {
      queryClient.setQueryData(favoriteKeys.all, context?.before);
      notify({
        color: 'red',
        title: save ? 'No se pudo guardar el perro' : 'No se pudo quitar el perro de Guardados',
        message: error.message,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}
