// Photo uploads (multipart, the only non-JSON body the API accepts, so its parser is registered
// in this plugin's scope alone) and the processed files under /media/<hash>.<ext>.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema, MESSAGES } from '../../shared/api';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, photoResponseSchema } from '../../shared/photo';
import { HttpError } from '../http/errors';
import { errors } from '../http/responses';
import { createRouter } from '../http/route';
import type { RateLimitPolicy } from '../rate-limit/limiter';
import { HASH_PATTERN, type MediaType } from './storage';

const TAG = 'Fotos';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Room for the multipart framing around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
/**
 * Uploads being received, waiting or processed at once. Each holds its file (≤ 10 MB) in memory
 * while it waits for the processing queue, so more are refused (503, retry) before their body is
 * read: a burst cannot add up to gigabytes.
 */
export const MAX_UPLOADS_IN_FLIGHT = 16;
/** …of which one account may hold this many (a few stalled uploads never block everyone). */
export const MAX_UPLOADS_IN_FLIGHT_PER_USER = 2;

const EXTENSION_TYPES: Record<string, MediaType> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

/**
 * Reads the one file of a multipart upload, refusing anything else with a Spanish message. The
 * whole body is read before the photo is processed, so a second file part is refused (400), never
 * silently dropped.
 */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, PHOTO_MESSAGES.notMultipart);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > PHOTO_MAX_BYTES + MULTIPART_OVERHEAD)
    throw new HttpError(413, PHOTO_MESSAGES.tooLarge);
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        throw new HttpError(400, file ? PHOTO_MESSAGES.oneFile : PHOTO_MESSAGES.missingFile);
      }
      file = await part.toBuffer();
    }
  } catch (error) {
    throw multipartRefusal(error);
  }
  if (!file) throw new HttpError(400, PHOTO_MESSAGES.missingFile);
  return file;
}

/**
 * readUpload, or 408 when the body has not arrived whole within `ms` (shorter than the server's
 * own body timeout: an upload holds one of few slots). The connection is closed after the answer,
 * whatever the client was still sending.
 */
export async function readUploadWithin(
  request: FastifyRequest,
  reply: FastifyReply,
  ms: number,
): Promise<Buffer> {
  const reading = readUpload(request);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // The abandoned read fails once the connection goes; nobody waits for it then.
      reading.catch(() => {});
      reply.raw.once('finish', () => request.raw.destroy());
      reject(new HttpError(408, PHOTO_MESSAGES.tooSlow, { connection: 'close' }));
    }, ms);
  });
  try {
    return await Promise.race([reading, late]);
  } finally {
    clearTimeout(timer);
  }
}

function multipartRefusal(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, PHOTO_MESSAGES.tooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(400, PHOTO_MESSAGES.oneFile);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, PHOTO_MESSAGES.notMultipart);
    default:
      // A malformed or interrupted multipart body.
      return new HttpError(400, PHOTO_MESSAGES.uploadFailed);
  }
}

/** What one upload's multipart body may hold. */
export const UPLOAD_LIMITS = {
  fileSize: PHOTO_MAX_BYTES,
  files: 1,
  fields: 4,
  parts: 5,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 20,
};

/** Upload (multipart bodies are parsed only inside this plugin) and /media files. */
export async function photoRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const { config, photos } = app;
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS });

  let inFlight = 0;
  const inFlightByUser = new Map<number, number>();
  const uploads: RateLimitPolicy = {
    name: 'photo-upload',
    perUser: config.rateLimits.photoUploadPerUser,
    perIp: config.rateLimits.photoUploadPerIp,
    windowMs: config.rateLimits.photoUploadWindowMs,
  };

  router.route(
    {
      method: 'POST',
      url: '/api/photos',
      summary:
        'Sube una foto (multipart/form-data, campo file, hasta 10 MB; JPEG, PNG, WebP o AVIF). ' +
        'Se guarda sin metadatos (ni GPS) en AVIF, WebP y JPEG de 320, 640 y 1280 px',
      tag: TAG,
      auth: 'required',
      rateLimit: uploads,
      responses: {
        201: { description: 'La foto procesada', schema: photoResponseSchema },
        ...errors(400, 401, 403, 413, 415),
        408: {
          description: 'La foto no llegó entera a tiempo (PHOTO_UPLOAD_TIMEOUT_SECONDS)',
          schema: errorBodySchema,
        },
        503: { description: 'Demasiadas fotos en proceso; reintentar', schema: errorBodySchema },
      },
    },
    async ({ request, reply, session }) => {
      const userId = session.user.id;
      const mine = inFlightByUser.get(userId) ?? 0;
      if (mine >= MAX_UPLOADS_IN_FLIGHT_PER_USER)
        throw new HttpError(429, PHOTO_MESSAGES.uploadsInFlight, { 'retry-after': '5' });
      if (inFlight >= MAX_UPLOADS_IN_FLIGHT)
        throw new HttpError(503, PHOTO_MESSAGES.busy, { 'retry-after': '5' });
      inFlight += 1;
      inFlightByUser.set(userId, mine + 1);
      let upload: Buffer;
      let photo;
      try {
        upload = await readUploadWithin(request, reply, config.httpTimeouts.photoBodyMs);
        photo = await photos.add(upload, session.user.id);
      } finally {
        inFlight -= 1;
        const left = (inFlightByUser.get(userId) ?? 1) - 1;
        if (left > 0) inFlightByUser.set(userId, left);
        else inFlightByUser.delete(userId);
      }
      request.log.info(
        {
          event: 'photo_uploaded',
          photoId: photo.id,
          userId: session.user.id,
          bytes: upload.length,
        },
        'photo uploaded',
      );
      reply.code(201);
      return { photo };
    },
  );

  router.route(
    {
      method: 'GET',
      url: '/media/:file',
      summary: 'Un archivo de foto (AVIF, WebP o JPEG), inmutable: su nombre es su hash SHA-256',
      tag: TAG,
      auth: 'none',
      params: z.object({ file: z.string() }),
      responses: { 200: { description: 'La imagen' }, ...errors(404) },
    },
    async ({ request, reply, params }) => {
      const match = /^([0-9a-f]{64})\.(avif|webp|jpg)$/.exec(params.file);
      const hash = match?.[1];
      if (!match || !hash || !HASH_PATTERN.test(hash)) throw new HttpError(404, MESSAGES.notFound);
      const etag = `"${hash}"`;
      const media = await photos.file(hash);
      // The extension must match what the file is: one name, one type.
      if (!media || media.contentType !== EXTENSION_TYPES[match[2]!])
        throw new HttpError(404, MESSAGES.notFound);
      reply
        .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .header('etag', etag)
        .header('cross-origin-resource-policy', 'same-origin');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(media.contentType).send(media.bytes);
    },
  );

  // Anything else under /media is missing, never the app's index.html.
  app.get('/media/*', async () => {
    throw new HttpError(404, MESSAGES.notFound);
  });
}
