// Opens the dog modal (create / edit / view) through Mantine's modal manager. The modal's body
// is a lazy chunk (form, zod rules, inputs), so the landing page does not pay for it up front.
import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { openModal, preloadOverlays } from '@/components/overlays/overlays';
import type { Dog } from '@/shared/dog';
import { createDogModalDraft, dogModalCloseButtonId, type DogModalMode } from './dog-modal-types';

const loadDogModal = () => import('./dog-modal');
const DogModal = lazy(loadDogModal);

/** Starts downloading the modal's chunk (on hover or focus of a button that will open it). */
export function preloadDogModal() {
  preloadOverlays();
  void loadDogModal();
}

export const DOG_MODAL_TITLES = {
  create: () => 'Publicar en adopción',
  edit: (name: string) => `Editar información de ${name}`,
  view: (name: string) => `Información de ${name}`,
} as const;

/**
 * While the body's chunk loads there is nothing to lose: Escape (off in the modal's settings, the
 * body handles it) closes the modal at once.
 */
function CloseOnEscape({ modalId }: { modalId: string }) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      void import('@mantine/modals').then(({ modals }) => modals.close(modalId));
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [modalId]);
  return null;
}

let sequence = 0;

type OpenDogModalOptions =
  | { mode: 'create'; dog?: undefined; onClose?: () => void }
  | { mode: Exclude<DogModalMode, 'create'>; dog: Dog; onClose?: () => void };

export function openDogModal({ mode, dog, onClose }: OpenDogModalOptions): string {
  sequence += 1;
  const modalId = `dog-modal-${sequence}`;
  // Survives the modal body being unmounted while the delete confirmation is on top of it.
  const draft = createDogModalDraft();
  const title = mode === 'create' ? DOG_MODAL_TITLES.create() : DOG_MODAL_TITLES[mode](dog.name);
  void openModal({
    modalId,
    title,
    size: 'xl',
    // A static backdrop: a stray click outside must not throw away a half-filled form.
    closeOnClickOutside: false,
    // The X and Escape go through the form's own close, which asks before losing changes.
    closeOnEscape: false,
    closeButtonProps: { 'aria-label': 'Cerrar ventana', id: dogModalCloseButtonId(modalId) },
    transitionProps: { duration: 300 },
    overlayProps: { transitionProps: { duration: 150 } },
    onClose: () => {
      // Uploads still running are for a form nobody will send.
      draft.read().photos?.dispose();
      onClose?.();
    },
    children: (
      // The modal manager renders every modal in the same place: without a key, React would hand
      // this body the previous dog modal's state (its form values).
      <Suspense
        key={modalId}
        fallback={
          <Center mih={200} role="status">
            <Loader />
            <VisuallyHidden>Cargando...</VisuallyHidden>
            <CloseOnEscape modalId={modalId} />
          </Center>
        }
      >
        {mode === 'create' ? (
          <DogModal modalId={modalId} mode="create" draft={draft} />
        ) : (
          <DogModal modalId={modalId} mode={mode} dog={dog} draft={draft} />
        )}
      </Suspense>
    ),
  });
  return modalId;
}
