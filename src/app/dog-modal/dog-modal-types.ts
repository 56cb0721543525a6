// Types shared by the modal opener (main bundle) and the lazy modal body.
import type { PhotoUploadStore } from '@/features/photos/hooks/photo-upload-store';

export type DogModalMode = 'create' | 'edit' | 'view';

/** The id of a dog modal's own close button (the X in its header). */
export const dogModalCloseButtonId = (modalId: string) => `${modalId}-close`;

export type DogFields = {
  name: string;
  city: string;
  image: string;
  height: string;
  weight: string;
  life_span: string;
  personality: string;
  // The profile, as its inputs hold it: '' is "not said", flags are 'yes' / 'no'.
  sex: string;
  size: string;
  status: string;
  age_years: string;
  age_extra_months: string;
  sterilized: string;
  vaccinated: string;
  good_with_kids: string;
  good_with_dogs: string;
  good_with_cats: string;
  /** The publishing organization's id, or '' for the person alone. */
  org_id: string;
};

type DraftState = {
  values?: DogFields;
  error?: string;
  /** Set while the delete confirmation is shown: focus Eliminar when the body comes back. */
  refocusDelete?: boolean;
  /** The form's photos and their uploads in flight. */
  photos?: PhotoUploadStore;
};

/**
 * Per-opening state that must outlive remounts of the modal body: the modal manager unmounts it
 * while the delete confirmation is shown, and the user's edits and last error must come back.
 */
export type DogModalDraft = {
  read: () => DraftState;
  save: (patch: DraftState) => void;
};

export function createDogModalDraft(): DogModalDraft {
  let state: DraftState = {};
  return {
    read: () => state,
    save: (patch) => {
      state = { ...state, ...patch };
    },
  };
}
