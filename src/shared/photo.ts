// Photo contract shared by the API server, the dog form and the MSW handlers.
import { z } from 'zod';

/** Largest upload the server accepts (the browser downsizes well below it first). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Photos one dog can have; the first one is the cover. */
export const PHOTOS_PER_DOG = 6;
/** Widths of the stored variants (each only when the original is at least that wide). */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;

export const PHOTO_MESSAGES = {
  tooLarge: 'La foto pesa más de 10 MB',
  notAnImage: 'Ese archivo no es una imagen',
  unsupportedFormat: 'Ese formato de imagen no se admite: usa JPEG, PNG, WebP o AVIF',
  tooManyPixels: 'La foto tiene demasiados píxeles (máximo 50 megapíxeles)',
  sideTooLong: 'La foto es demasiado grande: cada lado puede medir hasta 8.192 píxeles',
  tooElongated: 'La foto es demasiado alargada: un lado puede medir como mucho 20 veces el otro',
  tooHeavyToDecode:
    'Esta foto necesita demasiada memoria para abrirse (un PNG entrelazado, un JPEG progresivo o un AVIF muy grandes): guárdala como JPEG normal o más pequeña e inténtalo de nuevo',
  damaged: 'La foto está dañada o incompleta',
  missingFile: 'Falta la foto: envíala en el campo file',
  oneFile: 'Envía una sola foto por petición',
  notMultipart: 'La foto debe enviarse como multipart/form-data',
  busy: 'Hay muchas fotos en proceso, reintenta en un momento',
  uploadsInFlight: 'Ya tienes 2 fotos subiendo: espera a que terminen',
  tooSlow: 'La foto tardó demasiado en llegar: revisa tu conexión e inténtalo de nuevo',
  uploadFailed: 'No se pudo subir la foto, reintenta',
  unknownPhoto: 'Una de las fotos no existe o ya fue eliminada',
  foreignPhoto: 'Solo puedes usar tus propias fotos',
  photoInOtherDog: 'Una de las fotos ya está en otra publicación',
  tooManyPhotos: `Un perro puede tener como máximo ${PHOTOS_PER_DOG} fotos`,
  repeatedPhoto: 'La misma foto aparece dos veces',
} as const;

/** `url 320w, url 640w…` per format, ready for `<source srcset>`. */
export const photoSrcsetSchema = z.object({
  avif: z.string(),
  webp: z.string(),
  jpeg: z.string(),
});

export const photoSchema = z.object({
  id: z.number().int().positive(),
  /** The largest JPEG: what a client that knows nothing of srcset shows. */
  url: z.string(),
  srcset: photoSrcsetSchema,
  /** Size of the largest variant, after the EXIF orientation was applied. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** A tiny blurred image as a data: URL, shown until the photo itself arrives. */
  placeholder: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

export const photoResponseSchema = z.object({ photo: photoSchema });

/** `photo_ids` of POST/PUT /api/dog: ordered (first is the cover), distinct, at most six. */
export const photoIdsSchema = z
  .array(
    z
      .number({ error: 'Cada foto debe indicarse por su id numérico' })
      .int()
      .positive()
      .max(2_147_483_647),
    { error: 'photo_ids debe ser una lista de ids de fotos' },
  )
  .max(PHOTOS_PER_DOG, { error: PHOTO_MESSAGES.tooManyPhotos })
  .refine((ids) => new Set(ids).size === ids.length, { error: PHOTO_MESSAGES.repeatedPhoto });
