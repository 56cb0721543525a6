// Answers built from cached JSON bytes (the dog list, counts and one dog: dogs/service.ts). Each
// cached body is compressed at most once per encoding, the first time a client asks for it, and
// those bytes serve every later request for the same cached page (until the page expires or a
// write replaces it), where @fastify/compress would compress it again for each request (about
// 0.1 ms of CPU for a 14 KB page, several times the rest of the answer). Routes that answer this
// way are declared with `ownCompression` (http/route.ts), which leaves the plugin out of them.
//
// The compression runs on the main thread, as the plugin's does for bodies this size: once per
// page it costs about what one answer did before, and it never waits behind password hashes or
// photos for a thread of libuv's pool.
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Smaller bodies are sent as they are, as the compression plugin does (http/compression.ts). */
export const COMPRESSION_THRESHOLD = 1024;

/** How a body is compressed with each encoding (exported for the tests). */
export const COMPRESS: Readonly<Record<Encoding, (body: Buffer) => Buffer>> = {
  // Once per page instead of per request: quality 5 costs what 4 does and is a little smaller.
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (body) => gzipSync(body),
};

/** A cached body's compressed forms; they go away with the body (the cache's entry). */
const encoded = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/**
 * `body` compressed with `encoding`: made on the first call, the very same bytes for every later
 * call with the same body. Throws when compression fails (nothing is remembered then).
 */
export function compressedOnce(
  body: Buffer,
  encoding: Encoding,
  compress: (body: Buffer) => Buffer = COMPRESS[encoding],
): Buffer {
  let forms = encoded.get(body);
  if (!forms) {
    forms = {};
    encoded.set(body, forms);
  }
  return (forms[encoding] ??= compress(body));
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
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (body.length < COMPRESSION_THRESHOLD) return reply.send(body);
  reply.header('vary', 'accept-encoding');
  // As the plugin: a client (or a proxy) may ask for no compression at all.
  if (request.headers['x-no-compression'] !== undefined) return reply.send(body);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(body);
  let bytes: Buffer;
  try {
    bytes = compressedOnce(body, encoding);
  } catch (error) {
    request.log.error({ err: error, encoding }, 'compressing a cached answer failed');
    return reply.send(body);
  }
  return reply.header('content-encoding', encoding).send(bytes);
}
