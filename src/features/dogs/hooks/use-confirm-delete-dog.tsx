// Deleting a listing after "¿Eliminar a …?": the confirmation stays open and busy until the server
// answers (no double delete), then says how it went. The dog modal and Mis publicaciones ask
// through it.
import { ensureOverlays, notify } from '@/components/overlays/overlays';
import { FocusOnMount } from '@/components/overlays/focus-on-mount';
import { toApiError } from '@/lib/api-client';
import type { Dog } from '@/shared/dog';
import { useDeleteDog } from '../api/delete-dog';
import type { ReactNode } from 'react';

type ConfirmDeleteOptions = {
  dog: Pick<Dog, 'id' | 'name'>;
  /** The confirmation's id; its Cancelar is `${modalId}-cancel` and takes the focus. */
  modalId: string;
  /** What deleting takes away, in the confirmation. */
  message: ReactNode;
  /** A modal under the confirmation, closed with it once the listing is gone. */
  closeWith?: string;
  /** The person confirmed: the request is on its way. */
  onConfirmed?: () => void;
  /** The listing is gone (and the confirmation closed). */
  onDeleted?: () => void;
  /** The server refused: its Spanish message (also notified). */
  onFailed?: (message: string) => void;
};

export function useConfirmDeleteDog() {
  const deleteDog = useDeleteDog();
  const confirmDelete = async ({
    dog,
    modalId,
    message,
    closeWith,
    onConfirmed,
    onDeleted,
    onFailed,
  }: ConfirmDeleteOptions) => {
    const [{ modals }] = await Promise.all([import('@mantine/modals'), ensureOverlays()]);
    const cancelId = `${modalId}-cancel`;
    modals.openConfirmModal({
      modalId,
      title: `¿Eliminar a ${dog.name}?`,
      children: <FocusOnMount targetId={cancelId}>{message}</FocusOnMount>,
      labels: { confirm: 'Sí, eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      cancelProps: { id: cancelId },
      closeOnConfirm: false,
      onConfirm: () => {
        // Keep the confirmation open, busy, until the server answers: no double delete.
        modals.updateModal({
          modalId,
          confirmProps: { color: 'red', loading: true },
          cancelProps: { id: cancelId, disabled: true },
          closeOnEscape: false,
          withCloseButton: false,
        });
        onConfirmed?.();
        deleteDog.mutateAsync(dog.id).then(
          () => {
            notify({
              color: 'teal',
              title: 'Publicación eliminada',
              message: `${dog.name} ya no aparece en adopción.`,
            });
            if (closeWith) modals.close(closeWith);
            modals.close(modalId);
            onDeleted?.();
          },
          (cause: unknown) => {
            const failure = toApiError(cause).message;
            onFailed?.(failure);
            notify({ color: 'red', title: 'No se pudo eliminar', message: failure });
            modals.close(modalId);
          },
        );
      },
    });
  };
  return { confirmDelete, deleting: deleteDog.isPending };
}
