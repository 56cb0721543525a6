// What `?perro=<id>` and `?publicar=1` open (see landing-search.ts).
import type { QueryClient } from '@tanstack/react-query';
import { notify } from '@/components/overlays/overlays';
import { findDog } from '@/features/dogs/api/find-dog';
import { openDogModal } from '@/app/dog-modal/open-dog-modal';
import { ApiError } from '@/lib/api-client';
import { isOwner, type SessionStore } from '@/stores/session-store';
import { giveInAdoption } from '../use-give-in-adoption';
import type { LandingSearch } from './landing-search';

function focusCardButton(dogId: number) {
  window.setTimeout(() => {
    const button = document.querySelector<HTMLButtonElement>(
      `#adopt button[name="perro"][value="${dogId}"]`,
    );
    const active = document.activeElement;
    // Only while focus is still in the closing dialog or nowhere: not when it moved on meanwhile.
    if (button && (!active || active === document.body || active.closest('[role="dialog"]')))
      button.focus();
  }, 0);
}

export function actOnLandingSearch(
  { perro, publicar }: LandingSearch,
  queryClient: QueryClient,
  store: SessionStore,
) {
  if (publicar) {
    giveInAdoption(queryClient);
    return;
  }
  if (perro === undefined) return;
  const session = store.getState();
  findDog(queryClient, perro, session.logged).then(
    (dog) =>
      openDogModal({
        mode: isOwner(session, dog.hostage_id) ? 'edit' : 'view',
        dog,
        // Opened from the address (a press on the card before the code ran reloads the page):
        // nothing was focused before it, so closing hands focus to that dog's card button.
        onClose: () => focusCardButton(dog.id),
      }),
    (error: unknown) =>
      notify({
        color: 'red',
        title:
          error instanceof ApiError && error.status === 404
            ? 'Ese perro ya no está en adopción'
            : 'No pudimos abrir la ficha del perro',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
}
