// Photo uploads, answered with a stand-in for the server's processed photo.
import { http, HttpResponse } from 'msw';
import { MESSAGES } from '@/shared/api';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, type Photo } from '@/shared/photo';
import type { MockDb } from '../mock-db';
import { API, apiError } from './common';

/** A stand-in for the server's processed photo (its files are not served by the mock). */
export function mockPhoto(id: number, width = 1280, height = 960): Photo {
  const file = (ext: string, w: number) => `/media/${String(id).padStart(64, '0')}-${w}.${ext}`;
  const srcset = (ext: string) => [320, 640, 1280].map((w) => `${file(ext, w)} ${w}w`).join(', ');
  return {
    id,
    url: file('jpg', 1280),
    srcset: { avif: srcset('avif'), webp: srcset('webp'), jpeg: srcset('jpg') },
    width,
    height,
    placeholder: 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=',
  };
}

export function photoHandlers(db: MockDb) {
  return [
    http.post(`${API}/photos`, async ({ request }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      let form: FormData;
      try {
        form = await request.formData();
      } catch {
        return apiError(415, PHOTO_MESSAGES.notMultipart);
      }
      // Duck-typed: under jsdom the part is a File of another realm than the test's Blob.
      const file = form.get('file');
      if (typeof file !== 'object' || file === null || !('size' in file))
        return apiError(400, PHOTO_MESSAGES.missingFile);
      if (file.size > PHOTO_MAX_BYTES) return apiError(413, PHOTO_MESSAGES.tooLarge);
      if (!file.type.startsWith('image/')) return apiError(415, PHOTO_MESSAGES.notAnImage);
      const photo = mockPhoto(db.nextPhotoId());
      db.photos.push({ ...photo, ownerId: user.id });
      return HttpResponse.json({ photo }, { status: 201 });
    }),
  ];
}
