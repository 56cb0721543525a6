// The photos of one dog form while it is being filled: the ones it already had, and each new one
// through preparing, uploading (with progress), uploaded or failed (with retry). It lives outside
// React (one per opening of the form) so it survives the form being unmounted and mounted again,
// and it uploads two photos at a time.
import { useSyncExternalStore } from 'react';
import { toApiError } from '@/lib/api-client';
import { PHOTO_MESSAGES, PHOTOS_PER_DOG, type Photo } from '@/shared/photo';
import { preparePhoto, PhotoFileError } from '../api/prepare-photo';
import { uploadPhoto } from '../api/upload-photo';

export type PhotoItemStatus = 'queued' | 'uploading' | 'done' | 'error';

export type PhotoItem = {
  key: string;
  /** The file's name, for messages ("foto.jpg"). */
  name: string;
  status: PhotoItemStatus;
  /** 0 to 1 while uploading. */
  progress: number;
  photo?: Photo;
  error?: string;
  /** A failed upload that may work if sent again (the network or the server, not the file). */
  retryable?: boolean;
  /** A local preview of a new photo (object URL), when the browser can make one. */
  preview?: string;
};

export type PhotoUploadState = {
  items: readonly PhotoItem[];
  /** Shown when more photos were chosen than fit. */
  notice: string | null;
};

const PARALLEL_UPLOADS = 2;
export const TOO_MANY_PHOTOS = `Puedes agregar como máximo ${PHOTOS_PER_DOG} fotos`;

let sequence = 0;

/**
 * The Spanish message for a failed photo (the server's, or "reintenta" for a network failure), and
 * whether sending it again may work: not for a file refused for what it is.
 */
function failure(error: unknown): { error: string; retryable: boolean } {
  if (error instanceof PhotoFileError) return { error: error.message, retryable: false };
  const apiError = toApiError(error);
  const { status } = apiError;
  return {
    error: status === 0 ? PHOTO_MESSAGES.uploadFailed : apiError.message,
    retryable: status === 0 || status === 408 || status === 429 || status >= 500,
  };
}

export type PhotoUploadStoreOptions = {
  /** How a prepared file is sent (tests hold it to watch the progress). */
  upload?: typeof uploadPhoto;
  /** How many photos fit (a dog's six by default). */
  max?: number;
};

export function createPhotoUploadStore(
  initial: readonly Photo[] = [],
  { upload: send = uploadPhoto, max = PHOTOS_PER_DOG }: PhotoUploadStoreOptions = {},
) {
  let state: PhotoUploadState = {
    items: initial.map((photo) => ({
      key: `photo-${photo.id}`,
      name: `Foto ${photo.id}`,
      status: 'done' as const,
      progress: 1,
      photo,
    })),
    notice: null,
  };
  const listeners = new Set<() => void>();
  const files = new Map<string, File>();
  const uploads = new Map<string, AbortController>();
  let disposed = false;

  const set = (next: Partial<PhotoUploadState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const update = (key: string, patch: Partial<PhotoItem>) =>
    set({ items: state.items.map((item) => (item.key === key ? { ...item, ...patch } : item)) });
  const has = (key: string) => state.items.some((item) => item.key === key);

  async function upload(key: string) {
    const file = files.get(key);
    if (!file) return;
    const controller = new AbortController();
    uploads.set(key, controller);
    update(key, { status: 'uploading', progress: 0, error: undefined });
    try {
      const prepared = await preparePhoto(file);
      if (controller.signal.aborted) return;
      const photo = await send(prepared, {
        signal: controller.signal,
        onProgress: (fraction) => {
          if (has(key)) update(key, { progress: fraction });
        },
      });
      if (!has(key)) return;
      files.delete(key);
      update(key, { status: 'done', progress: 1, photo });
    } catch (error) {
      if (controller.signal.aborted || !has(key)) return;
      update(key, { status: 'error', ...failure(error) });
    } finally {
      uploads.delete(key);
      pump();
    }
  }

  /** Starts queued uploads while fewer than PARALLEL_UPLOADS run. */
  function pump() {
    if (disposed) return;
    for (const item of state.items) {
      if (uploads.size >= PARALLEL_UPLOADS) return;
      if (item.status === 'queued' && !uploads.has(item.key)) void upload(item.key);
    }
  }

  const revoke = (item: PhotoItem | undefined) => {
    if (item?.preview && typeof URL.revokeObjectURL === 'function')
      URL.revokeObjectURL(item.preview);
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    /** How many photos fit. */
    max,

    /** Adds photos after the current ones, up to the limit, and starts uploading them. */
    add(chosen: readonly File[]) {
      const room = max - state.items.length;
      const taken = chosen.slice(0, Math.max(0, room));
      const added: PhotoItem[] = taken.map((file) => {
        sequence += 1;
        const key = `new-${sequence}`;
        files.set(key, file);
        const preview =
          typeof URL.createObjectURL === 'function' && file.type.startsWith('image/')
            ? URL.createObjectURL(file)
            : undefined;
        return { key, name: file.name || 'foto', status: 'queued', progress: 0, preview };
      });
      set({
        items: [...state.items, ...added],
        notice:
          chosen.length > taken.length
            ? max === PHOTOS_PER_DOG
              ? TOO_MANY_PHOTOS
              : `Puedes agregar como máximo ${max} fotos`
            : null,
      });
      pump();
    },

    /** Takes a photo out of the form (its upload, if running, is cancelled). */
    remove(key: string) {
      uploads.get(key)?.abort();
      files.delete(key);
      revoke(state.items.find((item) => item.key === key));
      set({ items: state.items.filter((item) => item.key !== key), notice: null });
      pump();
    },

    /** Moves a photo `delta` places (−1: before, +1: after); the first one is the cover. */
    move(key: string, delta: number) {
      const from = state.items.findIndex((item) => item.key === key);
      const to = from + delta;
      if (from < 0 || to < 0 || to >= state.items.length) return;
      const items = [...state.items];
      const [moved] = items.splice(from, 1);
      items.splice(to, 0, moved!);
      set({ items });
    },

    retry(key: string) {
      const item = state.items.find((candidate) => candidate.key === key);
      if (item?.status !== 'error' || !files.has(key)) return;
      update(key, { status: 'queued', progress: 0, error: undefined });
      pump();
    },

    /** Ids of the uploaded photos in their order, for `photo_ids`. */
    photoIds: () => state.items.flatMap((item) => (item.photo ? [item.photo.id] : [])),

    /** Stops every upload and frees the previews (the form was closed). */
    dispose() {
      disposed = true;
      for (const controller of uploads.values()) controller.abort();
      for (const item of state.items) revoke(item);
    },
  };
}

export type PhotoUploadStore = ReturnType<typeof createPhotoUploadStore>;

export function usePhotoUploads(store: PhotoUploadStore): PhotoUploadState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** What keeps the form from being sent, as a Spanish message, or null. */
export function pendingPhotosMessage(state: PhotoUploadState): string | null {
  if (state.items.some((item) => item.status === 'queued' || item.status === 'uploading'))
    return 'Espera a que terminen de subir las fotos';
  if (state.items.some((item) => item.status === 'error'))
    return 'Reintenta o quita las fotos que no se pudieron subir';
  return null;
}
