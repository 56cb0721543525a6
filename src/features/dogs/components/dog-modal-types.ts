// Types shared by the modal opener (main bundle) and the lazy modal body.
export type DogModalMode = 'create' | 'edit' | 'view';

export type DogFields = {
  name: string;
  city: string;
  image: string;
  height: string;
  weight: string;
  life_span: string;
  personality: string;
};

type DraftState = {
  values?: DogFields;
  error?: string;
  /** Set while the delete confirmation is shown: focus Eliminar when the body comes back. */
  refocusDelete?: boolean;
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
