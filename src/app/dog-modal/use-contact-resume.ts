// Contact resume: once the visitor who pressed 'Contacto info' is logged in, reopen that dog
// read-only, now with its owner's contact; closing it clears the flag. The code that finds and
// shows the dog (contact-resume.ts) loads only when there is one to show.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore, useSessionStoreApi } from '@/stores/session-store';

export function useContactResume() {
  const queryClient = useQueryClient();
  const store = useSessionStoreApi();
  const logged = useSessionStore((state) => state.logged);
  const contactDogId = useSessionStore((state) => state.contactDogId);

  useEffect(() => {
    if (!logged || contactDogId === null) return;
    // A cleanup that runs right after this effect (React StrictMode, a quick logout) cancels
    // before anything opens: the import always yields first.
    let cancelled = false;
    void import('./contact-resume').then(({ resumeContact }) =>
      cancelled
        ? undefined
        : resumeContact(
            queryClient,
            contactDogId,
            () => store.getState().clearContactDogId(),
            () => cancelled,
          ),
    );
    return () => {
      cancelled = true;
    };
  }, [logged, contactDogId, queryClient, store]);
}
