// DAR EN ADOPCIÓN: the form to publish a dog for a logged-in visitor, 'No autorizado' otherwise.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { loadOpenDogModal } from '@/app/dog-modal/dog-modal-loader';
import { isLoggedIn } from '@/lib/auth/get-me';

// The 'No autorizado' alert is its own chunk (most visitors never see it), fetched on intent.
export const loadNotAuthorizedAlert = () => import('@/components/not-authorized-alert');

export function giveInAdoption(queryClient: QueryClient): void {
  void isLoggedIn(queryClient).then((loggedIn) => {
    if (loggedIn) void loadOpenDogModal().then((module) => module.openDogModal({ mode: 'create' }));
    else
      void loadNotAuthorizedAlert().then(
        (alert) => alert.openNotAuthorizedAlert(),
        // Its code could not be downloaded (offline): the browser's own dialog says it.
        () => window.alert('No autorizado: debes iniciar sesión para dar en adopción'),
      );
  });
}

export function useGiveInAdoption(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => giveInAdoption(queryClient), [queryClient]);
}
