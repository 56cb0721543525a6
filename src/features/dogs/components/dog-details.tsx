// What the dog modal's view and the dog's page both show of a listing: the notice on a listing
// moderation hid, and the profile's yes / no facts in the order every screen lists them.
import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { Dog } from '@/shared/dog';

/** The profile's booleans, in the order the form, the modal and the page show them. */
export const DOG_FLAGS = [
  ['sterilized', 'Esterilizado'],
  ['vaccinated', 'Vacunado'],
  ['good_with_kids', 'Convive con niños'],
  ['good_with_dogs', 'Convive con perros'],
  ['good_with_cats', 'Convive con gatos'],
] as const;

/** Only the owner receives a hidden listing, with the reason moderation gave. */
export function HiddenListingAlert({ dog }: { dog: Pick<Dog, 'hidden_reason'> }) {
  if (dog.hidden_reason === undefined) return null;
  return (
    <Alert color="red" mb="md" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
      Tu publicación fue ocultada: {dog.hidden_reason}
    </Alert>
  );
}
