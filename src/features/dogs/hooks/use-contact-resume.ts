// Contact resume (SPEC.md "Contact resume"): once the visitor who pressed 'Contacto info' is
// logged in, reopen that dog read-only, now with its owner's contact; closing it clears the flag.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notify } from '@/components/overlays/overlays';
import { ApiError } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import { dogKeys } from '../api/dog-keys';
import { dogQueryOptions } from '../api/get-dog';
import { findDogInPages, type DogPages } from '../api/get-dogs';
import { openDogModal } from '../components/open-dog-modal';

export function useContactResume() {
  const queryClient = useQueryClient();
  const logged = useSessionStore((state) => state.logged);
  const contactDogId = useSessionStore((state) => state.contactDogId);

  useEffect(() => {
    if (!logged || contactDogId === null) return;
    let cancelled = false;
    const clear = () => useSessionStore.getState().clearContactDogId();

    const resume = async () => {
      // Always yield first: a cleanup that runs right after this effect (React StrictMode, a
      // quick logout) must be able to cancel before anything opens.
      await Promise.resolve();
      if (cancelled) return;
      const lists = queryClient.getQueriesData<DogPages>({ queryKey: dogKeys.lists() });
      const cached = findDogInPages(
        lists.map(([, data]) => data),
        contactDogId,
      );
      // A cached copy without `user` was loaded anonymously: fetch it again to get the contact.
      const dog = cached?.user ? cached : await queryClient.fetchQuery(dogQueryOptions(contactDogId));
      if (cancelled) return;
      openDogModal({ mode: 'view', dog, onClose: clear });
    };

    resume().catch((error: unknown) => {
      if (cancelled) return;
      if (error instanceof ApiError && error.status === 404) {
        clear();
        notify({
          color: 'red',
          title: 'Ese perro ya no está en adopción',
          message: 'La publicación que querías ver fue retirada.',
        });
      } else {
        notify({
          color: 'red',
          title: 'No pudimos abrir la ficha del perro',
          message: error instanceof Error ? error.message : String(error),
        });
      }
    });

    return () => {
      cancelled = true;
    };
  }, [logged, contactDogId, queryClient]);
}
