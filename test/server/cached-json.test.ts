// Cached JSON answers: the encoding each Accept-Encoding gets, and each cached body compressed
// once per encoding (the same bytes for every later request).
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COMPRESS,
  compressedOnce,
  preferredEncoding,
  SYNC_COMPRESSION_LIMIT,
} from '../../src/server/http/cached-json';

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['BR', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['*;q=0.2, br;q=0', 'gzip'],
    ['identity', 'identity'],
    ['identity;q=0', 'identity'],
    ['identity;q=1, br;q=0.5', 'identity'],
    ['br, identity', 'br'],
    ['identity, gzip;q=0.5', 'identity'],
    ['x-gzip', 'gzip'],
    ['x-gzip;q=0.4, br;q=0.3', 'gzip'],
    ['br;q=0.1, gzip;q=0.5, br;q=0.9', 'br'],
    ['deflate', 'identity'],
    ['br;q=abc', 'identity'],
    ['br;q=abc, gzip', 'gzip'],
    [' gzip ; q=0.8 , br ; q=0.9 ', 'br'],
    [',,;', 'identity'],
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
    // A second time from the remembered choice.
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('compressedOnce', () => {
  const page = (dogs: number) =>
    Buffer.from(
      JSON.stringify(
        Array.from({ length: dogs }, (_, i) => ({
          id: i,
          name: `Ñandú ${i}`,
          text: 'x'.repeat(i),
        })),
      ),
    );
  const body = page(40);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('compresses a page once per encoding, on the spot, and hands every caller the same bytes', () => {
    const br = compressedOnce(body, 'br');
    expect(Buffer.isBuffer(br)).toBe(true);
    expect(compressedOnce(body, 'br')).toBe(br);
    expect(brotliDecompressSync(br as Buffer).equals(body)).toBe(true);
    const gzip = compressedOnce(body, 'gzip');
    expect(compressedOnce(body, 'gzip')).toBe(gzip);
    expect(gunzipSync(gzip as Buffer).equals(body)).toBe(true);
    expect((br as Buffer).length).toBeLessThan(body.length / 2);
  });

  it('a page over 64 KiB is compressed on libuv’s pool, once, all callers sharing it', async () => {
    const large = page(400);
    expect(large.length).toBeGreaterThan(SYNC_COMPRESSION_LIMIT);
    const br = compressedOnce(large, 'br');
    expect(br).toBeInstanceOf(Promise);
    expect(compressedOnce(large, 'br')).toBe(br);
    expect(brotliDecompressSync(await br).equals(large)).toBe(true);
    expect(gunzipSync(await compressedOnce(large, 'gzip')).equals(large)).toBe(true);
  });

  it('another body with the same bytes is compressed on its own (forms go with their body)', () => {
    const copy = Buffer.from(body);
    compressedOnce(body, 'br');
    const spy = vi.spyOn(COMPRESS, 'br');
    expect(compressedOnce(copy, 'br')).not.toBe(compressedOnce(body, 'br'));
    expect(spy).toHaveBeenCalledTimes(1); // for the copy only
  });

  it('a failure is not remembered: the next call compresses', async () => {
    const other = Buffer.from(body);
    vi.spyOn(COMPRESS, 'gzip').mockImplementationOnce(() => {
      throw new Error('zlib failed');
    });
    expect(() => compressedOnce(other, 'gzip')).toThrow('zlib failed');
    const gzip = compressedOnce(other, 'gzip');
    expect(gunzipSync(gzip as Buffer).equals(body)).toBe(true);
    // The same for a rejection (a large page).
    const large = page(400);
    vi.spyOn(COMPRESS, 'br').mockImplementationOnce(() => Promise.reject(new Error('pool failed')));
    await expect(compressedOnce(large, 'br')).rejects.toThrow('pool failed');
    await Promise.resolve(); // the forgetting runs in the rejection's own callback
    expect(brotliDecompressSync(await compressedOnce(large, 'br')).equals(large)).toBe(true);
  });
});
