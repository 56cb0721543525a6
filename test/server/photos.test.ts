// Photo uploads: accepted formats, every refusal, privacy (no EXIF/GPS left), orientation,
// variants, attaching to dogs (ownership, order, transactions), purge, cascades and /media files.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MAX_DECODE_BYTES,
  shapeRefusal,
  wholeImageDecodeBytes,
} from '../../src/server/photos/processing';
import { createWorkQueue } from '../../src/server/photos/queue';
import { createDatabaseStorage } from '../../src/server/photos/storage';
import { MESSAGES } from '../../src/shared/api';
import { dogSchema } from '../../src/shared/dog';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, photoSchema, type Photo } from '../../src/shared/photo';
import {
  AUDIT_BOMBS,
  makePhoto,
  pngBomb,
  pngDeclaring,
  type PngBombShape,
} from '../support/photos';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import {
  createDog,
  createUser,
  HOUR,
  login,
  makeApp,
  testConfig,
  TestClock,
  validDog,
  type TestUser,
} from './helpers/app';

type Part = { field?: string; filename?: string; type?: string; bytes: Buffer };

/** A multipart/form-data body holding `parts` (by default one field named `file`). */
function multipart(...parts: Part[]) {
  const boundary = '----happydog-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"` +
          (part.filename === undefined ? '' : `; filename="${part.filename}"`) +
          `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Each bomb is made once per file (deflating hundreds of MB of zeros takes a second or two). */
const bombs = new Map<string, Promise<Buffer>>();
function bomb(shape: PngBombShape): Promise<Buffer> {
  const key = JSON.stringify(shape);
  if (!bombs.has(key)) bombs.set(key, pngBomb(shape));
  return bombs.get(key)!;
}

/** What the server answers each of the audit's bombs. */
const BOMB_MESSAGES: Record<string, string> = {
  '49,000,000 × 1, 16-bit RGBA': PHOTO_MESSAGES.sideTooLong,
  '49,000,000 × 1, 8-bit RGBA': PHOTO_MESSAGES.sideTooLong,
  '1 × 49,000,000, 8-bit RGBA': PHOTO_MESSAGES.sideTooLong,
  '7000 × 7000, 16-bit RGBA, interlaced': PHOTO_MESSAGES.tooHeavyToDecode,
};

/** Every file a photo's srcsets and url point to. */
function filesOf(photo: Photo): string[] {
  const urls = [photo.url];
  for (const srcset of Object.values(photo.srcset)) {
    for (const entry of srcset.split(', ')) urls.push(entry.split(' ')[0]!);
  }
  return [...new Set(urls)];
}

/** 40×20: left half red, right half blue; EXIF says "rotate 90° clockwise" and where it was taken. */
async function phoneJpegWithGps(): Promise<Buffer> {
  const red = await sharp({
    create: { width: 20, height: 20, channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Camarita 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '3/1 27/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '76/1 31/1 0/1',
      },
    })
    .toBuffer();
}

describe.each(BACKENDS)('photos on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  let owner: TestUser;
  let ownerCookie: string;
  let other: TestUser;
  let otherCookie: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
    jpeg = await makePhoto('jpeg', 400, 300);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    clock = new TestClock();
    app = await makeApp(t.db, { clock });
    owner = await createUser(t.db, { name: 'Olga Dueña', email: 'olga@example.com' });
    other = await createUser(t.db, { name: 'Otto Otro', email: 'otto@example.com' });
    ownerCookie = await login(app, owner);
    otherCookie = await login(app, other);
  });
  afterEach(async () => {
    await app.close();
  });

  const upload = (bytes: Buffer, cookie = ownerCookie, part: Omit<Part, 'bytes'> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/photos',
      ...(() => {
        const body = multipart({ filename: 'foto.jpg', type: 'image/jpeg', ...part, bytes });
        return { payload: body.payload, headers: { ...body.headers, cookie } };
      })(),
    });

  async function uploaded(bytes = jpeg, cookie = ownerCookie): Promise<Photo> {
    const res = await upload(bytes, cookie);
    expect(res.statusCode, res.body).toBe(201);
    return photoSchema.parse(res.json().photo);
  }

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });
  const expectError = (res: LightMyRequestResponse, status: number, message: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ error: message });
  };
  const count = async (table: string) =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

  describe('POST /api/photos', () => {
    it.each(['jpeg', 'png', 'webp', 'avif'] as const)(
      'accepts a %s and answers 201 with AVIF, WebP and JPEG variants, never upscaled',
      async (format) => {
        const res = await upload(await makePhoto(format, 400, 300), ownerCookie, {
          filename: `perro.${format}`,
          type: `image/${format}`,
        });
        expect(res.statusCode, res.body).toBe(201);
        const photo = photoSchema.parse(res.json().photo);
        expect(photo).toMatchObject({ width: 400, height: 300 });
        expect(photo.url).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
        for (const [kind, ext] of [
          ['avif', 'avif'],
          ['webp', 'webp'],
          ['jpeg', 'jpg'],
        ] as const) {
          expect(photo.srcset[kind]).toMatch(
            new RegExp(`^/media/[0-9a-f]{64}\\.${ext} 320w, /media/[0-9a-f]{64}\\.${ext} 400w$`),
          );
        }
        expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);
        // A few dozen bytes: it travels inside every list answer.
        expect(Buffer.from(photo.placeholder.split(',')[1]!, 'base64').length).toBeLessThanOrEqual(
          100,
        );
        for (const url of filesOf(photo)) {
          const file = await get(url);
          expect(file.statusCode, url).toBe(200);
          const meta = await sharp(file.rawPayload).metadata();
          const ext = url.split('.').pop();
          expect(meta.format).toBe(ext === 'jpg' ? 'jpeg' : ext === 'avif' ? 'heif' : 'webp');
        }
      },
    );

    it('writes 320, 640 and 1280 px wide variants of a large photo, 1280 being the largest', async () => {
      const photo = await uploaded(await makePhoto('jpeg', 2000, 1500));
      expect(photo).toMatchObject({ width: 1280, height: 960 });
      expect(photo.srcset.webp.split(', ').map((e) => e.split(' ')[1])).toEqual([
        '320w',
        '640w',
        '1280w',
      ]);
      const largest = await get(photo.url);
      expect(await sharp(largest.rawPayload).metadata()).toMatchObject({
        width: 1280,
        height: 960,
      });
    });

    it('applies the EXIF orientation and leaves no metadata (no GPS) in any variant', async () => {
      const original = await phoneJpegWithGps();
      // The upload does carry a GPS block (tag 0x8825, little-endian) and the orientation.
      const before = await sharp(original).metadata();
      expect(before.orientation).toBe(6);
      expect(before.exif?.toString('hex')).toContain('2588');

      const photo = await uploaded(original);
      expect(photo).toMatchObject({ width: 20, height: 40 });
      const files = filesOf(photo);
      expect(files).toHaveLength(3);
      for (const url of files) {
        const bytes = (await get(url)).rawPayload;
        const meta = await sharp(bytes).metadata();
        expect(meta.exif, url).toBeUndefined();
        expect(meta.xmp, url).toBeUndefined();
        expect(meta.iptc, url).toBeUndefined();
        expect(meta.orientation ?? 1, url).toBe(1);
        expect(bytes.includes(Buffer.from('PhoneCo')), url).toBe(false);
        expect([meta.width, meta.height]).toEqual([20, 40]);
        // Turned clockwise: the red left half is now on top.
        const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
        const top = data.subarray(0, 3);
        const bottom = data.subarray(data.length - 3);
        expect(top[0]! > 150 && top[2]! < 100, `${url} top ${[...top]}`).toBe(true);
        expect(bottom[2]! > 150 && bottom[0]! < 100, `${url} bottom ${[...bottom]}`).toBe(true);
      }
    });

    it('refuses a text file named and declared as a JPEG with 415', async () => {
      const res = await upload(Buffer.from('hola, esto no es una foto\n'.repeat(20)), ownerCookie, {
        filename: 'perro.jpg',
        type: 'image/jpeg',
      });
      expectError(res, 415, PHOTO_MESSAGES.notAnImage);
    });

    it('refuses an SVG (it could carry scripts) with 415, even declared as an image', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      );
      const res = await upload(svg, ownerCookie, { filename: 'perro.svg', type: 'image/svg+xml' });
      expectError(res, 415, PHOTO_MESSAGES.notAnImage);
      expect(await count('photos')).toBe(0);
    });

    it('refuses formats other than JPEG, PNG, WebP and AVIF (a GIF) with 415', async () => {
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
        .gif()
        .toBuffer();
      expectError(
        await upload(gif, ownerCookie, { filename: 'a.gif', type: 'image/gif' }),
        415,
        PHOTO_MESSAGES.notAnImage,
      );
    });

    it('refuses a truncated JPEG with 400', async () => {
      const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
      expectError(await upload(truncated), 400, PHOTO_MESSAGES.damaged);
      expect(await count('photos')).toBe(0);
      expect(await count('media_blobs')).toBe(0);
    });

    it('refuses a PNG declaring 100,000 × 100,000 pixels (a decompression bomb) with 413', async () => {
      const bomb = pngDeclaring(100_000, 100_000);
      expect(bomb.length).toBeLessThan(100);
      const res = await upload(bomb, ownerCookie, { filename: 'bomba.png', type: 'image/png' });
      expectError(res, 413, PHOTO_MESSAGES.tooManyPixels);
    });

    it.each(AUDIT_BOMBS)(
      'refuses the decompression bomb $name (a few hundred KB) from its header with 413',
      async ({ name, shape }) => {
        const file = await bomb(shape);
        expect(file.length).toBeLessThan(400_000);
        const res = await upload(file, ownerCookie, { filename: 'bomba.png', type: 'image/png' });
        expectError(res, 413, BOMB_MESSAGES[name]!);
        expect(await count('photos')).toBe(0);
      },
    );

    it('refuses extreme shapes from the header: a side over 8192 px, over 20:1, a progressive JPEG or an AVIF too big to decode', async () => {
      const solid = (width: number, height: number) =>
        sharp({ create: { width, height, channels: 3, background: '#7a5' } });
      const cases: Array<[string, Buffer, string]> = [
        ['8193 × 100 PNG', await bomb({ width: 8193, height: 100 }), PHOTO_MESSAGES.sideTooLong],
        ['4100 × 200 PNG', await bomb({ width: 4100, height: 200 }), PHOTO_MESSAGES.tooElongated],
        [
          '8192 × 4100 progressive JPEG (4:4:4)',
          await solid(8192, 4100)
            .jpeg({ progressive: true, chromaSubsampling: '4:4:4' })
            .toBuffer(),
          PHOTO_MESSAGES.tooHeavyToDecode,
        ],
        [
          '4000 × 3200 AVIF',
          await solid(4000, 3200).avif({ quality: 50, effort: 0 }).toBuffer(),
          PHOTO_MESSAGES.tooHeavyToDecode,
        ],
      ];
      for (const [label, file, message] of cases) {
        const res = await upload(file);
        expect(res.statusCode, `${label}: ${res.body}`).toBe(413);
        expect(res.json(), label).toEqual({ error: message });
      }
      expect(await count('photos')).toBe(0);
    }, 120_000);

    it('still accepts 16-bit and interlaced PNGs of a sensible size, and panoramas up to 20:1', async () => {
      for (const shape of [
        { width: 1600, height: 1200, depth: 16, colour: 6 },
        { width: 1200, height: 900, depth: 16, colour: 2, interlaced: true },
        { width: 2000, height: 100 },
      ] as const) {
        const res = await upload(await bomb(shape), ownerCookie, { filename: 'a.png' });
        expect(res.statusCode, `${JSON.stringify(shape)}: ${res.body}`).toBe(201);
        expect(res.json().photo.width).toBe(Math.min(shape.width, 1280));
      }
    });

    it('refuses a file over 10 MB with 413', async () => {
      const big = Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX_BYTES)]);
      expectError(await upload(big), 413, PHOTO_MESSAGES.tooLarge);
      expect(await count('photos')).toBe(0);
    });

    it('400 without a field named file; 415 for a JSON body; 401 without a session', async () => {
      expectError(
        await upload(jpeg, ownerCookie, { field: 'foto' }),
        400,
        PHOTO_MESSAGES.missingFile,
      );
      const json = await app.inject({
        method: 'POST',
        url: '/api/photos',
        headers: { cookie: ownerCookie },
        payload: { file: 'x' },
      });
      expectError(json, 415, PHOTO_MESSAGES.notMultipart);
      const body = multipart({ filename: 'a.jpg', type: 'image/jpeg', bytes: jpeg });
      const anonymous = await app.inject({ method: 'POST', url: '/api/photos', ...body });
      expectError(anonymous, 401, MESSAGES.notLoggedIn);
    });

    it('refuses a body with two file parts with 400 (the second is never silently dropped)', async () => {
      for (const second of [{ bytes: jpeg }, { field: 'otra', filename: 'b.jpg', bytes: jpeg }]) {
        const body = multipart(
          { filename: 'a.jpg', type: 'image/jpeg', bytes: jpeg },
          { filename: 'b.jpg', type: 'image/jpeg', ...second },
        );
        const res = await app.inject({
          method: 'POST',
          url: '/api/photos',
          payload: body.payload,
          headers: { ...body.headers, cookie: ownerCookie },
        });
        expectError(res, 400, PHOTO_MESSAGES.oneFile);
      }
      expect(await count('photos')).toBe(0);
      // A text field beside the one file is fine.
      const withField = multipart(
        { field: 'nota', type: 'text/plain', bytes: Buffer.from('hola') },
        { filename: 'a.jpg', type: 'image/jpeg', bytes: jpeg },
      );
      const ok = await app.inject({
        method: 'POST',
        url: '/api/photos',
        payload: withField.payload,
        headers: { ...withField.headers, cookie: ownerCookie },
      });
      expect(ok.statusCode, ok.body).toBe(201);
    });

    /**
     * An upload over a real connection whose body stops halfway; `finish()` sends the rest. The
     * app must listen (inject() would read the whole body before routing).
     */
    async function stalledUpload(cookie: string) {
      if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const body = multipart({ filename: 'a.jpg', type: 'image/jpeg', bytes: jpeg });
      const half = Math.floor(body.payload.length / 2);
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/photos',
        headers: { ...body.headers, cookie, 'content-length': String(body.payload.length) },
      });
      const answer = new Promise<{ status: number; json: unknown; connection?: string }>(
        (resolve, reject) => {
          req.on('response', (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                json: JSON.parse(Buffer.concat(chunks).toString()),
                connection: res.headers.connection,
              }),
            );
          });
          req.on('error', reject);
        },
      );
      req.write(body.payload.subarray(0, half));
      return { answer, finish: () => req.end(body.payload.subarray(half)) };
    }

    it('one account holds at most 2 uploads at once (429); everyone else still uploads', async () => {
      const stalled = [await stalledUpload(ownerCookie), await stalledUpload(ownerCookie)];
      // Once both are being received, a third is refused before its body is read (a JSON body
      // would get 415 only after that check).
      await vi.waitFor(
        async () => {
          const probe = await app.inject({
            method: 'POST',
            url: '/api/photos',
            headers: { cookie: ownerCookie },
            payload: { file: 'x' },
          });
          expect(probe.statusCode).toBe(429);
        },
        { timeout: 10_000 },
      );
      const third = await upload(jpeg);
      expectError(third, 429, PHOTO_MESSAGES.uploadsInFlight);
      expect(third.headers['retry-after']).toBe('5');
      await uploaded(jpeg, otherCookie);
      for (const s of stalled) s.finish();
      for (const s of stalled) expect((await s.answer).status).toBe(201);
      await uploaded();
    });

    it('a body that has not arrived whole within PHOTO_UPLOAD_TIMEOUT_SECONDS gets 408 and frees its slot', async () => {
      await app.close();
      app = await makeApp(t.db, {
        clock,
        config: testConfig({}, { PHOTO_UPLOAD_TIMEOUT_SECONDS: '1' }),
      });
      ownerCookie = await login(app, owner);
      const stalled = [await stalledUpload(ownerCookie), await stalledUpload(ownerCookie)];
      for (const s of stalled) {
        const res = await s.answer;
        expect(res.status).toBe(408);
        expect(res.json).toEqual({ error: PHOTO_MESSAGES.tooSlow });
        expect(res.connection).toBe('close');
      }
      expect(await count('photos')).toBe(0);
      await uploaded();
    });

    it('every other route keeps refusing multipart bodies with 415', async () => {
      const body = multipart({ field: 'name', bytes: Buffer.from('Firulais') });
      const res = await app.inject({
        method: 'POST',
        url: '/api/dog',
        payload: body.payload,
        headers: { ...body.headers, cookie: ownerCookie },
      });
      expectError(res, 415, MESSAGES.unsupportedMediaType);
    });

    it('rate limits uploads per user with 429', async () => {
      await app.close();
      app = await makeApp(t.db, {
        clock,
        config: testConfig({ photoUploadPerUser: 2, photoUploadPerIp: 100 }),
      });
      await uploaded();
      await uploaded();
      const res = await upload(jpeg);
      expectError(res, 429, MESSAGES.tooManyAttempts);
      expect(res.headers['retry-after']).toBeDefined();
      // Another user has a budget of their own.
      await uploaded(jpeg, otherCookie);
    });

    it('is documented in /api/openapi.json', async () => {
      const doc = (await get('/api/openapi.json')).json();
      expect(Object.keys(doc.paths['/api/photos'].post.responses)).toEqual(
        expect.arrayContaining(['201', '400', '401', '413', '415', '429']),
      );
    });
  });

  describe('GET /media/<hash>.<ext>', () => {
    it('serves each variant immutable, with its own type and nosniff; 304 on a matching ETag', async () => {
      const photo = await uploaded();
      for (const url of filesOf(photo)) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        const ext = url.split('.').pop()!;
        expect(res.headers['content-type']).toBe(
          { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }[ext],
        );
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        const again = await get(url, { 'if-none-match': String(res.headers.etag) });
        expect(again.statusCode).toBe(304);
      }
    });

    it('404 for an unknown hash, a wrong extension, another file type or a deeper path', async () => {
      const photo = await uploaded();
      const hash = /([0-9a-f]{64})\.jpg$/.exec(photo.url)![1]!;
      for (const url of [
        `/media/${'0'.repeat(64)}.jpg`,
        `/media/${hash}.webp`,
        `/media/${hash}.svg`,
        `/media/${hash}.html`,
        `/media/${hash.toUpperCase()}.jpg`,
        '/media/index.html',
        `/media/a/${hash}.jpg`,
        '/media/',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      }
    });
  });

  describe('photos of a dog', () => {
    const post = (payload: Record<string, unknown>, cookie = ownerCookie) =>
      app.inject({ method: 'POST', url: '/api/dog', headers: { cookie }, payload });
    const put = (id: number, payload: Record<string, unknown>, cookie = ownerCookie) =>
      app.inject({ method: 'PUT', url: `/api/dog/${id}`, headers: { cookie }, payload });

    it('attaches photo_ids in order: photos in every answer, image is the cover', async () => {
      const a = await uploaded();
      const b = await uploaded(await makePhoto('png', 300, 400));
      const res = await post({ ...validDog, photo_ids: [b.id, a.id] });
      expect(res.statusCode, res.body).toBe(201);
      const dog = dogSchema.parse(res.json().dog);
      expect(dog.photos!.map((p) => p.id)).toEqual([b.id, a.id]);
      expect(dog.photos![0]).toEqual(b);
      expect(dog.image).toBe(b.url);
      expect(dog.image_url).toBe(validDog.image);

      const list = (await get('/api/dog')).json();
      expect(list[0].photos.map((p: Photo) => p.id)).toEqual([b.id, a.id]);
      expect(list[0].image).toBe(b.url);
      const one = (await get(`/api/dog/${dog.id}`)).json();
      expect(one.photos).toEqual(dog.photos);
    });

    it('a dog without photos keeps its typed image and an empty list', async () => {
      const dog = await createDog(app, ownerCookie);
      const read = (await get(`/api/dog/${dog.id}`)).json();
      expect(read).toMatchObject({ image: validDog.image, image_url: validDog.image, photos: [] });
    });

    it("refuses someone else's photo with 403, an unknown one with 400, and writes nothing", async () => {
      const mine = await uploaded();
      const theirs = await uploaded(jpeg, otherCookie);
      expectError(
        await post({ ...validDog, photo_ids: [mine.id, theirs.id] }),
        403,
        PHOTO_MESSAGES.foreignPhoto,
      );
      expectError(
        await post({ ...validDog, photo_ids: [mine.id, 9999] }),
        400,
        PHOTO_MESSAGES.unknownPhoto,
      );
      // The dog's insert was rolled back with the refusal.
      expect(await count('dogs')).toBe(0);
      const photos = await t.db.query<{ dog_id: number | null }>('SELECT dog_id FROM photos');
      expect(photos.every((p) => p.dog_id === null)).toBe(true);
    });

    it('400 for more than six photos, a repeated one, or a photo of another dog', async () => {
      const photos = [];
      for (let i = 0; i < 7; i++) photos.push(await uploaded());
      const ids = photos.map((p) => p.id);
      expectError(await post({ ...validDog, photo_ids: ids }), 400, PHOTO_MESSAGES.tooManyPhotos);
      expectError(
        await post({ ...validDog, photo_ids: [ids[0], ids[0]] }),
        400,
        PHOTO_MESSAGES.repeatedPhoto,
      );
      const first = await post({ ...validDog, photo_ids: ids.slice(0, 6) });
      expect(first.statusCode).toBe(201);
      expectError(
        await post({ ...validDog, photo_ids: [ids[0]] }),
        400,
        PHOTO_MESSAGES.photoInOtherDog,
      );
      expect((await post({ ...validDog, photo_ids: [ids[6]] })).statusCode).toBe(201);
    });

    it('PUT reorders, removes (deleting the removed photo and its files) and adds photos', async () => {
      const [a, b, c] = [
        await uploaded(),
        await uploaded(await makePhoto('webp')),
        await uploaded(await makePhoto('png')),
      ];
      const dog = (await post({ ...validDog, photo_ids: [a!.id, b!.id] })).json().dog;
      // The list is read (and cached) before the edit: the next read must see the edit.
      expect((await get('/api/dog')).json()[0].image).toBe(a!.url);

      const res = await put(dog.id, { ...validDog, photo_ids: [c!.id, a!.id] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().dog.photos.map((p: Photo) => p.id)).toEqual([c!.id, a!.id]);
      const list = (await get('/api/dog')).json();
      expect(list[0].photos.map((p: Photo) => p.id)).toEqual([c!.id, a!.id]);
      expect(list[0].image).toBe(c!.url);
      // b was removed: its row and its files are gone.
      const left = await t.db.query<{ id: number }>('SELECT id FROM photos ORDER BY id');
      expect(left.map((r) => r.id)).toEqual([a!.id, c!.id]);
      for (const url of filesOf(b!)) expect((await get(url)).statusCode, url).toBe(404);
      for (const url of filesOf(a!)) expect((await get(url)).statusCode, url).toBe(200);

      const swapped = await put(dog.id, { ...validDog, photo_ids: [a!.id, c!.id] });
      expect(swapped.json().dog.photos.map((p: Photo) => p.id)).toEqual([a!.id, c!.id]);
      const none = await put(dog.id, { ...validDog, photo_ids: [] });
      expect(none.json().dog).toMatchObject({ photos: [], image: validDog.image });
      expect(await count('photos')).toBe(0);
      expect(await count('media_blobs')).toBe(0);
    });

    it("a client that sends back the dog it read (the seed's) keeps the photos and the typed URL", async () => {
      const a = await uploaded();
      const dog = (await post({ ...validDog, photo_ids: [a.id] })).json().dog;
      const read = (await get(`/api/dog/${dog.id}`, { cookie: ownerCookie })).json();
      const res = await put(dog.id, { ...read, name: 'Firulais II' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().dog).toMatchObject({
        name: 'Firulais II',
        image: a.url,
        image_url: validDog.image,
        photos: [a],
      });
    });

    it("PUT cannot attach another user's photo to one's own dog, nor touch their dog", async () => {
      const dog = await createDog(app, ownerCookie);
      const theirs = await uploaded(jpeg, otherCookie);
      expectError(
        await put(dog.id, { ...validDog, photo_ids: [theirs.id] }),
        403,
        PHOTO_MESSAGES.foreignPhoto,
      );
      expectError(
        await put(dog.id, { ...validDog, photo_ids: [theirs.id] }, otherCookie),
        403,
        MESSAGES.notOwner,
      );
    });

    it('deleting the dog deletes its photos and their files', async () => {
      const a = await uploaded();
      const dog = (await post({ ...validDog, photo_ids: [a.id] })).json().dog;
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/dog/${dog.id}`,
        headers: { cookie: ownerCookie },
      });
      expect(del.statusCode).toBe(204);
      expect(await count('photos')).toBe(0);
      expect(await count('media_blobs')).toBe(0);
      for (const url of filesOf(a)) expect((await get(url)).statusCode).toBe(404);
    });

    it("deleting the account deletes the person's photos, attached or not, and their files", async () => {
      const a = await uploaded();
      await uploaded(await makePhoto('png'));
      await post({ ...validDog, photo_ids: [a.id] });
      const kept = await uploaded(jpeg, otherCookie);
      await t.db.query('DELETE FROM users WHERE id = $1', [owner.id]);
      const left = await t.db.query<{ id: number }>('SELECT id FROM photos');
      expect(left.map((r) => r.id)).toEqual([kept.id]);
      for (const url of filesOf(kept)) expect((await get(url)).statusCode).toBe(200);
    });

    it('two uploads of the same file share the stored files; deleting one keeps the other', async () => {
      const a = await uploaded();
      const b = await uploaded();
      expect(a.url).toBe(b.url);
      const blobs = await count('media_blobs');
      await post({ ...validDog, photo_ids: [a.id] }).then((r) =>
        app.inject({
          method: 'DELETE',
          url: `/api/dog/${r.json().dog.id}`,
          headers: { cookie: ownerCookie },
        }),
      );
      expect(await count('media_blobs')).toBe(blobs);
      expect((await get(b.url)).statusCode).toBe(200);
    });
  });

  describe('storage', () => {
    it('puts, gets and deletes files by content hash; a file a photo uses is not deleted', async () => {
      const storage = createDatabaseStorage(t.db);
      const bytes = Buffer.from([1, 2, 3, 0, 255]);
      const hash = createHash('sha256').update(bytes).digest('hex');
      await storage.put(hash, 'image/webp', bytes);
      await storage.put(hash, 'image/webp', bytes);
      expect(await storage.get(hash)).toEqual({ contentType: 'image/webp', bytes });
      expect(await storage.get('not-a-hash')).toBeUndefined();
      expect(await storage.delete(hash)).toBe(true);
      expect(await storage.get(hash)).toBeUndefined();

      const photo = await uploaded();
      const used = /([0-9a-f]{64})\.jpg$/.exec(photo.url)![1]!;
      expect(await storage.delete(used)).toBe(false);
      expect((await storage.get(used))?.contentType).toBe('image/jpeg');
    });
  });

  describe('purge', () => {
    it('deletes photos never attached after 24 hours, and only those', async () => {
      const attached = await uploaded(await makePhoto('png'));
      await app.inject({
        method: 'POST',
        url: '/api/dog',
        headers: { cookie: ownerCookie },
        payload: { ...validDog, photo_ids: [attached.id] },
      });
      const loose = await uploaded();
      clock.advance(23 * HOUR);
      await app.purgeExpired();
      expect((await get(loose.url)).statusCode).toBe(200);
      const fresh = await uploaded(await makePhoto('webp'));
      clock.advance(2 * HOUR);
      await app.purgeExpired();
      const left = await t.db.query<{ id: number }>('SELECT id FROM photos ORDER BY id');
      expect(left.map((r) => r.id)).toEqual([attached.id, fresh.id]);
      expect((await get(loose.url)).statusCode).toBe(404);
      expect((await get(attached.url)).statusCode).toBe(200);
    });
  });
});

describe('shapes refused before decoding', () => {
  const png = (width: number, height: number, extra: object = {}) => ({
    format: 'png',
    width,
    height,
    channels: 4,
    depth: 'uchar',
    ...extra,
  });

  it('sides up to 8192 px and up to 20:1 pass; one pixel more does not', () => {
    expect(shapeRefusal(png(8192, 6100))).toBeUndefined();
    expect(shapeRefusal(png(8193, 6100))?.message).toBe(PHOTO_MESSAGES.sideTooLong);
    expect(shapeRefusal(png(100, 8193))?.message).toBe(PHOTO_MESSAGES.sideTooLong);
    expect(shapeRefusal(png(2000, 100))).toBeUndefined();
    expect(shapeRefusal(png(2001, 100))?.message).toBe(PHOTO_MESSAGES.tooElongated);
    expect(shapeRefusal(png(1, 21))?.message).toBe(PHOTO_MESSAGES.tooElongated);
    expect(shapeRefusal(png(0, 10))?.statusCode).toBe(400);
  });

  it('counts what a decoder holds whole: interlaced PNG (16-bit twice), progressive JPEG, AVIF', () => {
    expect(wholeImageDecodeBytes(png(7000, 7000))).toBe(0);
    expect(wholeImageDecodeBytes(png(7000, 7000, { depth: 'ushort' }))).toBe(0);
    expect(wholeImageDecodeBytes(png(7000, 7000, { isProgressive: true }))).toBe(196_000_000);
    expect(wholeImageDecodeBytes(png(7000, 7000, { isProgressive: true, depth: 'ushort' }))).toBe(
      392_000_000,
    );
    const jpeg = { format: 'jpeg', width: 4000, height: 3000, channels: 3, depth: 'uchar' };
    expect(wholeImageDecodeBytes(jpeg)).toBe(0);
    expect(wholeImageDecodeBytes({ ...jpeg, isProgressive: true })).toBe(72_000_000);
    const avif = { format: 'heif', width: 4000, height: 3000, channels: 3, bitsPerSample: 8 };
    expect(wholeImageDecodeBytes(avif)).toBe(192_000_000);
    expect(wholeImageDecodeBytes({ ...avif, bitsPerSample: 10 })).toBe(384_000_000);
    // The limit itself: 5000 × 5000 16-bit RGBA interlaced is exactly 200 MB.
    const edge = png(5000, 5000, { isProgressive: true, depth: 'ushort' });
    expect(wholeImageDecodeBytes(edge)).toBe(MAX_DECODE_BYTES);
    expect(shapeRefusal(edge)).toBeUndefined();
    expect(shapeRefusal({ ...edge, height: 5001 })?.message).toBe(PHOTO_MESSAGES.tooHeavyToDecode);
  });
});

describe('processing queue', () => {
  it('runs `concurrency` jobs at once, queues up to `maxWaiting`, refuses more with 503', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 1 });
    const releases: Array<() => void> = [];
    const started: number[] = [];
    const job = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        releases.push(() => resolve(n));
      });
    const first = queue.run(job(1));
    const second = queue.run(job(2));
    await expect(queue.run(job(3))).rejects.toMatchObject({
      statusCode: 503,
      message: PHOTO_MESSAGES.busy,
    });
    expect(started).toEqual([1]);
    expect(queue.stats()).toEqual({ running: 1, waiting: 1 });
    releases[0]!();
    expect(await first).toBe(1);
    await vi.waitFor(() => expect(started).toEqual([1, 2]));
    releases[1]!();
    expect(await second).toBe(2);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('a failing job frees its slot', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'ok')).toBe('ok');
  });
});
