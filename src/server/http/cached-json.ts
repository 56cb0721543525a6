// Answers built from cached JSON bytes (the dog list, counts and one dog: dogs/service.ts). Each
// cached body is compressed at most once per encoding, the first time a client asks for it, and
// those bytes serve every later request for the same cached page (until the page expires or a
// write replaces it), where @fastify/compress would compress it again for each request (about
// 0.1 ms of CPU for a 14 KB page, several times the rest of the answer). Routes that answer this
// way are declared with `ownCompression` (http/route.ts), which leaves the plugin out of them.
//
// A page of up to 64 KiB (the landing page's 24 dogs are about 14 KB) is compressed in one call on
// the main thread: once per page that costs about what one answer did before (0.1–0.5 ms), and it
// never waits behind password hashes or photos for a thread of libuv's pool, where the plugin
// sends every body above 8 KiB (on two cores). Larger pages (up to 100 long listings) go to the
// pool, so that no page can hold the main thread for long.
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlib,
  gzip,
  gzipSync,
  type BrotliOptions,
} from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD } from './compression';

export type Encoding = 'br' | 'gzip';

/** Bodies up to this size are compressed on the main thread, larger ones on libuv's pool. */
export const SYNC_COMPRESSION_LIMIT = 64 * 1024;

// Once per page instead of per request: quality 5 costs what 4 does and is a little smaller.
const brotliOptions = (body: Buffer): BrotliOptions => ({
  params: {
    [zlib.BROTLI_PARAM_QUALITY]: 5,
    [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
  },
});
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Compressed = Buffer | Promise<Buffer>;

/** How a body is compressed with each encoding (an object, so tests can watch or fail it). */
export const COMPRESS: Record<Encoding, (body: Buffer) => Compressed> = {
  br: (body) =>
    body.length <= SYNC_COMPRESSION_LIMIT
      ? brotliCompressSync(body, brotliOptions(body))
      : brotliAsync(body, brotliOptions(body)),
  gzip: (body) => (body.length <= SYNC_COMPRESSION_LIMIT ? gzipSync(body) : gzipAsync(body)),
};

/** A cached body's compressed forms; they go away with the body (the cache's entry). */
const encoded = new WeakMap<Buffer, Partial<Record<Encoding, Compressed>>>();

/**
 * `body` compressed with `encoding`: made on the first call, the very same bytes for every later
 * call with the same body (a promise of them for a large body). A failure, thrown or rejected, is
 * not remembered: the next call tries again.
 */
export function compressedOnce(body: Buffer, encoding: Encoding): Compressed {
  let forms = encoded.get(body);
  if (!forms) {
    forms = {};
    encoded.set(body, forms);
  }
  const known = forms[encoding];
  if (known) return known;
  const made = COMPRESS[encoding](body);
  forms[encoding] = made;
  if (made instanceof Promise) {
    made.catch(() => {
      if (forms[encoding] === made) delete forms[encoding];
    });
  }
  return made;
}

/** Accept-Encoding values seen, with the encoding chosen for each (clients send a handful). */
const chosen = new Map<string, Encoding | 'identity'>();
const CHOICES_KEPT = 64;

/**
 * The encoding to answer a request with, given its Accept-Encoding (RFC 9110, 12.5.3): of brotli,
 * gzip (`x-gzip` is its alias) and identity, the acceptable one (q > 0, named or through `*`)
 * with the highest weight; brotli, then gzip, when weights tie; identity when neither brotli nor
 * gzip is acceptable.
 */
export function preferredEncoding(header: string | undefined): Encoding | 'identity' {
  if (!header) return 'identity';
  const known = chosen.get(header);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!coding) continue;
    const name = coding === 'x-gzip' ? 'gzip' : coding;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const value = Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0;
    weights.set(name, Math.max(weights.get(name) ?? 0, value));
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  // Identity is acceptable unless excluded; it wins only when the client prefers it outright.
  const identity = weights.get('identity') ?? 0;
  const best = Math.max(br, gz);
  const choice = best <= 0 || identity > best ? 'identity' : br >= gz ? 'br' : 'gzip';
  if (header.length <= 256) {
    if (chosen.size >= CHOICES_KEPT) chosen.clear();
    chosen.set(header, choice);
  }
  return choice;
}

/**
 * Answers with cached JSON bytes, compressed (once per body) when the client accepts brotli or
 * gzip and the body is worth it. A body that cannot be compressed goes as it is.
 */
export async function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  if (body.length < COMPRESSION_THRESHOLD) return reply.send(body);
  reply.header('vary', 'accept-encoding');
  // As the plugin: a client (or a proxy) may ask for no compression at all.
  if (request.headers['x-no-compression'] !== undefined) return reply.send(body);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(body);
  let bytes: Buffer;
  try {
    bytes = await compressedOnce(body, encoding);
  } catch (error) {
    request.log.error({ err: error, encoding }, 'compressing a cached answer failed');
    return reply.send(body);
  }
  return reply.header('content-encoding', encoding).send(bytes);
}
