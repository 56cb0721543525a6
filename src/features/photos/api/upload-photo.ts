// POST /api/photos: one photo as multipart/form-data (field `file`), with upload progress.
// XMLHttpRequest rather than fetch: only it reports how much of the body has been sent.
import { env } from '@/config/env';
import { ApiError } from '@/lib/api-client';
import { PHOTO_MESSAGES, type Photo } from '@/shared/photo';

export type UploadOptions = {
  /** Fraction of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** Messages by status when the server's answer carries none (a proxy's error page…). */
const FALLBACK: Record<number, string> = {
  413: PHOTO_MESSAGES.tooLarge,
  415: PHOTO_MESSAGES.notAnImage,
  401: 'Debes iniciar sesión',
  429: 'Demasiados intentos, espera un momento',
};

function errorOf(xhr: XMLHttpRequest): ApiError {
  let message: string | undefined;
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string')
      message = body.error;
  } catch {
    // Not JSON: fall back to a message by status.
  }
  return new ApiError(message ?? FALLBACK[xhr.status] ?? PHOTO_MESSAGES.uploadFailed, xhr.status);
}

export function uploadPhoto(
  file: Blob,
  { onProgress, signal }: UploadOptions = {},
): Promise<Photo> {
  return new Promise<Photo>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.apiUrl}/photos`);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        try {
          resolve((JSON.parse(xhr.responseText) as { photo: Photo }).photo);
          return;
        } catch {
          // A 201 without the photo: treat it as a failed upload.
        }
      }
      reject(errorOf(xhr));
    };
    // The network failed, or the server closed the connection (as it may after refusing a body).
    xhr.onerror = () => reject(new ApiError(PHOTO_MESSAGES.uploadFailed, 0));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('Subida cancelada', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    const name = file instanceof File ? file.name : 'foto.jpg';
    form.append('file', file, name);
    xhr.send(form);
  });
}
