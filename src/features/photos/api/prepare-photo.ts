// Before uploading, the browser turns each photo upright and shrinks it to at most 2048 px as a
// JPEG: a phone's 4 MB photo would take 20 s on a 1.6 Mbps connection, and re-encoding leaves its
// metadata (the GPS position among it) on the phone.
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '@/shared/photo';

export const MAX_UPLOAD_SIDE = 2048;
const JPEG_QUALITY = 0.85;

export class PhotoFileError extends Error {
  override name = 'PhotoFileError';
}

/** Declared as something other than an image (a PDF, a text file…). */
function declaredNotImage(file: File): boolean {
  return file.type !== '' && !file.type.startsWith('image/');
}

async function toJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * The file to upload for `file`: a JPEG of at most 2048 px on its longest side when this browser
 * can decode the photo, else the file itself (the server decides; HEIC, for one, only Safari
 * decodes). Throws PhotoFileError with the Spanish message to show.
 */
export async function preparePhoto(file: File): Promise<Blob> {
  if (declaredNotImage(file)) throw new PhotoFileError(PHOTO_MESSAGES.notAnImage);
  let prepared: Blob = file;
  if (typeof createImageBitmap === 'function') {
    let bitmap: ImageBitmap | undefined;
    try {
      bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    } catch {
      // Not decodable here: it may still be a format the server knows.
    }
    if (bitmap) {
      try {
        const scale = Math.min(1, MAX_UPLOAD_SIDE / Math.max(bitmap.width, bitmap.height));
        const width = Math.max(1, Math.round(bitmap.width * scale));
        const height = Math.max(1, Math.round(bitmap.height * scale));
        const jpeg = await toJpeg(bitmap, width, height);
        if (jpeg) prepared = new File([jpeg], renameToJpeg(file.name), { type: 'image/jpeg' });
      } finally {
        bitmap.close();
      }
    }
  }
  if (prepared.size > PHOTO_MAX_BYTES) throw new PhotoFileError(PHOTO_MESSAGES.tooLarge);
  return prepared;
}

function renameToJpeg(name: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'foto';
  return `${base}.jpg`;
}
