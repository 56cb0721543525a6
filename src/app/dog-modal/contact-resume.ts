// What the contact resume does once there is a dog to show (use-contact-resume.ts): find it, open
// it read-only with its owner's contact, or say why it cannot. Loaded only when needed.
import type { QueryClient } from '@tanstack/react-query';
import { notify } from '@/components/overlays/overlays';
import { ApiError } from '@/lib/api-client';
import { findDog } from '@/features/dogs/api/find-dog';
import { openDogModal } from './open-dog-modal';

export async function resumeContact(
  queryClient: QueryClient,
  dogId: number,
  clear: () => void,
  cancelled: () => boolean,
): Promise<void> {
  try {
    const dog = await findDog(queryClient, dogId, true);
    if (cancelled()) return;
    openDogModal({ mode: 'view', dog, onClose: clear });
  } catch (error) {
    if (cancelled()) return;
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
  }
}
