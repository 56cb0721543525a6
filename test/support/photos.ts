// Test images made with sharp: realistic photos (gradients, shapes and sensor-like noise, not a
// flat colour, so encoders work as hard as on a real one), and the broken files uploads must refuse.
import { createDeflate } from 'node:zlib';
import sharp from 'sharp';

/** A deterministic pseudo-random generator (mulberry32), so every run makes the same photo. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Raw RGB pixels of a photo-like scene: a sky-to-ground gradient, soft blobs of colour (the
 * "subject"), fine texture and noise like a phone sensor's.
 */
export async function photoPixels(width: number, height: number, seed = 1) {
  const rand = random(seed);
  const blobs = Array.from({ length: 12 }, () => ({
    x: rand() * width,
    y: rand() * height,
    r: (0.05 + rand() * 0.2) * Math.min(width, height),
    c: [rand() * 255, rand() * 255, rand() * 255],
  }));
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const v = y / height;
    for (let x = 0; x < width; x++) {
      const u = x / width;
      let r = 120 + 100 * (1 - v) * u;
      let g = 150 + 80 * (1 - v) - 40 * u;
      let b = 200 * (1 - v) + 40 * v;
      for (const blob of blobs) {
        const dx = x - blob.x;
        const dy = y - blob.y;
        const w = Math.exp(-(dx * dx + dy * dy) / (2 * blob.r * blob.r));
        r += (blob.c[0]! - r) * w;
        g += (blob.c[1]! - g) * w;
        b += (blob.c[2]! - b) * w;
      }
      const texture = 10 * Math.sin(x / 7 + Math.sin(y / 11) * 3) * Math.cos(y / 5);
      const i = (y * width + x) * 3;
      data[i] = r + texture + (rand() - 0.5) * 12;
      data[i + 1] = g + texture + (rand() - 0.5) * 12;
      data[i + 2] = b + texture + (rand() - 0.5) * 12;
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** A JPEG photo of `width`×`height` (a 12-megapixel phone photo is 4000×3000). */
export async function makeJpegPhoto(width: number, height: number, seed = 1): Promise<Buffer> {
  return (await photoPixels(width, height, seed)).jpeg({ quality: 90 }).toBuffer();
}

/** A small image in each accepted format. */
export async function makePhoto(
  format: 'jpeg' | 'png' | 'webp' | 'avif',
  width = 400,
  height = 300,
): Promise<Buffer> {
  const pipeline = await photoPixels(width, height);
  return pipeline.toFormat(format).toBuffer();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
/** One PNG chunk: length, type, data, CRC. */
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc(body), body.length + 4);
  return out;
};
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Adam7's seven passes: first column and row, then the steps between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

export interface PngBombShape {
  width: number;
  height: number;
  /** Bits per sample: 8 or 16. */
  depth?: 8 | 16;
  /** Colour type: 2 truecolour (RGB), 6 truecolour with alpha (RGBA). */
  colour?: 2 | 6;
  interlaced?: boolean;
}

/**
 * A real, valid PNG of `width`×`height` black pixels: the IDAT is a deflate stream of every
 * (zero) row, compressed about a thousand times, so a 49,000,000 × 1 16-bit RGBA image is a file
 * of 381 KB standing for 392 MB of pixels (a decompression bomb, as an attacker would send it).
 */
export async function pngBomb({
  width,
  height,
  depth = 8,
  colour = 6,
  interlaced = false,
}: PngBombShape): Promise<Buffer> {
  const bytesPerPixel = ((colour === 6 ? 4 : 3) * depth) / 8;
  // Each row: a filter byte and its pixels; an interlaced image has the rows of seven passes.
  const rows: Array<[count: number, bytes: number]> = [];
  if (!interlaced) rows.push([height, 1 + width * bytesPerPixel]);
  else {
    for (const [x0, y0, dx, dy] of ADAM7) {
      const columns = Math.ceil((width - x0) / dx);
      const count = Math.ceil((height - y0) / dy);
      if (columns > 0 && count > 0) rows.push([count, 1 + columns * bytesPerPixel]);
    }
  }
  let left = rows.reduce((sum, [count, bytes]) => sum + count * bytes, 0);
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(1 << 20);
  while (left > 0) {
    const n = Math.min(left, zeros.length);
    await new Promise((resolve) => deflate.write(zeros.subarray(0, n), resolve));
    left -= n;
  }
  deflate.end();
  await ended;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth;
  ihdr[9] = colour;
  ihdr[12] = interlaced ? 1 : 0;
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(out)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The audit's decompression bombs, each a few hundred KB (see pngBomb). */
export const AUDIT_BOMBS: ReadonlyArray<{ name: string; shape: PngBombShape }> = [
  {
    name: '49,000,000 × 1, 16-bit RGBA',
    shape: { width: 49_000_000, height: 1, depth: 16, colour: 6 },
  },
  { name: '49,000,000 × 1, 8-bit RGBA', shape: { width: 49_000_000, height: 1 } },
  { name: '1 × 49,000,000, 8-bit RGBA', shape: { width: 1, height: 49_000_000 } },
  {
    name: '7000 × 7000, 16-bit RGBA, interlaced',
    shape: { width: 7000, height: 7000, depth: 16, colour: 6, interlaced: true },
  },
];

/** A minimal PNG header declaring `width`×`height` pixels (a decompression bomb's header). */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  // A few bytes of zlib data standing for gigabytes of zeros once inflated.
  const idat = Buffer.from([0x78, 0x9c, 0xed, 0xc1, 0x01, 0x0d, 0x00, 0x00, 0x00, 0xc2, 0xa0]);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
