// Cached JSON answers: the encoding each Accept-Encoding gets, and each cached body compressed
// once per encoding (the same bytes for every later request).
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedOnce, preferredEncoding } from '../../src/server/http/cached-json';

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
  const body = Buffer.from(
    JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Ñandú ${i}` }))),
  );

  it('compresses a body once per encoding and hands every caller the same bytes', () => {
    const br = compressedOnce(body, 'br');
    expect(compressedOnce(body, 'br')).toBe(br);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    const gzip = compressedOnce(body, 'gzip');
    expect(compressedOnce(body, 'gzip')).toBe(gzip);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(body.length / 2);
  });

  it('another body with the same bytes is compressed on its own (forms go with their body)', () => {
    const copy = Buffer.from(body);
    expect(compressedOnce(copy, 'br')).not.toBe(compressedOnce(body, 'br'));
    expect(compressedOnce(copy, 'br').equals(compressedOnce(body, 'br'))).toBe(true);
  });

  it('a failure throws and is not remembered: the next call compresses', () => {
    const other = Buffer.from(body);
    expect(() =>
      compressedOnce(other, 'gzip', () => {
        throw new Error('zlib failed');
      }),
    ).toThrow('zlib failed');
    const gzip = compressedOnce(other, 'gzip');
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(compressedOnce(other, 'gzip')).toBe(gzip);
  });
});
