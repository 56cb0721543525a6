// Turns one uploaded file into the stored variants: only real JPEG, PNG, WebP or AVIF files are
// decoded, the EXIF orientation is applied, every piece of metadata (GPS above all) is dropped,
// and AVIF, WebP and JPEG are written at each width up to the original's, plus a tiny placeholder.
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Sharp, SharpOptions } from 'sharp';
import { PHOTO_MESSAGES, PHOTO_WIDTHS } from '../../shared/photo';
import { HttpError } from '../http/errors';
import type { MediaType } from './storage';

/** Decoding refuses images with more pixels than this (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;
/**
 * Longest side accepted. The stored variants are at most 1280 px wide, and a row of a wider image
 * costs memory in every step: a 49,000,000 × 1 PNG of a few hundred KB took gigabytes to resize.
 */
export const MAX_SIDE = 8192;
/** One side may be at most this many times the other (no photo of a dog is a 1-pixel line). */
export const MAX_ASPECT_RATIO = 20;
/**
 * Memory one upload's decoder may need when it must hold the whole image at once instead of a
 * few rows: about 200 MB, which keeps any one upload well under 300 MB above the server's idle
 * memory (libvips' buffers and the variants come on top).
 */
export const MAX_DECODE_BYTES = 200_000_000;
/**
 * Bytes per pixel AV1 decoding holds (the decoder's frame, libheif's RGB copy and libvips' own):
 * measured at 18–20 per 8-bit pixel for a whole upload, of which this much is the decoder's.
 */
const AVIF_BYTES_PER_PIXEL = 16;

export type VariantFormat = 'avif' | 'webp' | 'jpeg';
export const VARIANT_FORMATS: readonly VariantFormat[] = ['avif', 'webp', 'jpeg'];
export const CONTENT_TYPES: Record<VariantFormat, MediaType> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};
export const EXTENSIONS: Record<VariantFormat, string> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
};

export interface Variant {
  format: VariantFormat;
  width: number;
  height: number;
  /** SHA-256 of `bytes`, hex: the name it is stored and served under. */
  hash: string;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  /** Size of the largest variant. */
  width: number;
  height: number;
  variants: Variant[];
  /** data: URL of a blurred image a few dozen bytes long. */
  placeholder: string;
  /**
   * SHA-256 (hex) of the uploaded file: the same file uploaded again has the same. Absent on
   * demo photos processed by an older build.
   */
  sourceHash?: string;
  /**
   * A 64-bit difference hash of the upright image, as the decimal text of a signed integer
   * (PostgreSQL's bigint; JSON-safe): re-encoded or resized copies of one photo differ in a few
   * bits at most. Absent on demo photos processed by an older build.
   */
  phash?: string;
}

/**
 * The difference hash of raw pixels: the image shrunk to 9 × 8 grey pixels, one bit per pair of
 * horizontal neighbours (1 when the left one is brighter).
 */
export async function differenceHash(
  sharp: SharpModule,
  data: Buffer,
  raw: { raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } },
): Promise<bigint> {
  const grey = await sharp(data, raw)
    .resize({ width: 9, height: 8, fit: 'fill', kernel: 'lanczos3' })
    .greyscale()
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++)
      hash = (hash << 1n) | (grey[y * 9 + x]! > grey[y * 9 + x + 1]! ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

type InputFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

/**
 * The format a file really is, from its first bytes (never from its name or declared type).
 * Only these formats ever reach a decoder: SVG, PDF, TIFF and the rest are refused unparsed.
 */
export function sniffFormat(bytes: Buffer): InputFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  // ISO base media file: [size]['ftyp'][major brand][minor version][compatible brands…]
  if (bytes.length >= 16 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const size = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [bytes.toString('latin1', 8, 12)];
    for (let i = 16; i + 4 <= size; i += 4) brands.push(bytes.toString('latin1', i, i + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
    if (brands.some((b) => ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1'].includes(b)))
      return 'heic';
  }
  return undefined;
}

type SharpModule = typeof import('sharp');
let loaded: Promise<SharpModule> | undefined;

/**
 * sharp is loaded with the first photo, not at start-up. libvips gets as many threads as there
 * are cores (at most 2: this server shares a small machine) and no operation cache: uploads are
 * all different, and the cache would only hold memory.
 */
export function loadSharp(): Promise<SharpModule> {
  loaded ??= import('sharp').then(({ default: sharp }: { default: SharpModule }) => {
    sharp.concurrency(Math.max(1, Math.min(2, availableParallelism())));
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** Whether this build of libvips can decode HEIC (the prebuilt one only has AVIF). */
async function canDecodeHeic(sharp: SharpModule): Promise<boolean> {
  // sharp reports 'heif' for both; HEVC decoding needs a libheif built with libde265.
  const heif = sharp.format.heif as { input?: { fileSuffix?: string[] } };
  return heif.input?.fileSuffix?.includes('.heic') ?? false;
}

const DECODE: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // Keeps the decoders' own guards against memory exhaustion (PNG text chunks, JPEG markers…).
  unlimited: false,
  // Truncated or corrupt data is an error, never a half-grey photo.
  failOn: 'error',
  // Rows are decoded as the pipeline asks for them, not the whole image first.
  sequentialRead: true,
};

/** What an image's header says about it (sharp's metadata, read without decoding any pixel). */
export interface ImageHeader {
  format?: string;
  width?: number;
  height?: number;
  channels?: number;
  /** libvips' sample format: 'uchar', 'ushort', 'float'… */
  depth?: string;
  /** Adam7-interlaced PNG or progressive JPEG. */
  isProgressive?: boolean;
  bitsPerSample?: number;
}

const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * The memory a decoder holds at once for this image. Baseline JPEG, non-interlaced PNG and WebP
 * are decoded a few rows at a time (and JPEG and WebP shrunk while decoding), so their cost is
 * bounded by the side limit alone: 0 here. An interlaced PNG is decoded whole (libspng needs
 * every pass before any row is complete), at 2 bytes per sample when it is 16-bit; a
 * progressive JPEG keeps the DCT coefficients of the whole image (2 bytes per sample); AVIF is
 * decoded whole by the AV1 decoder.
 */
export function wholeImageDecodeBytes(header: ImageHeader): number {
  const pixels = (header.width ?? 0) * (header.height ?? 0);
  const channels = header.channels ?? 4;
  switch (header.format) {
    case 'png':
      return header.isProgressive ? pixels * channels * (SAMPLE_BYTES[header.depth ?? ''] ?? 2) : 0;
    case 'jpeg':
      return header.isProgressive ? pixels * channels * 2 : 0;
    case 'heif':
      return pixels * AVIF_BYTES_PER_PIXEL * ((header.bitsPerSample ?? 8) > 8 ? 2 : 1);
    default:
      return 0;
  }
}

/**
 * Why an image of this shape is refused before a single pixel is decoded, or undefined when it
 * may be decoded: too many pixels, a side too long, too elongated, or a decoder that would hold
 * too much memory at once.
 */
export function shapeRefusal(header: ImageHeader): HttpError | undefined {
  const { width, height } = header;
  if (!width || !height) return new HttpError(400, PHOTO_MESSAGES.damaged);
  if (width * height > MAX_INPUT_PIXELS) return new HttpError(413, PHOTO_MESSAGES.tooManyPixels);
  if (width > MAX_SIDE || height > MAX_SIDE) return new HttpError(413, PHOTO_MESSAGES.sideTooLong);
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height))
    return new HttpError(413, PHOTO_MESSAGES.tooElongated);
  if (wholeImageDecodeBytes(header) > MAX_DECODE_BYTES)
    return new HttpError(413, PHOTO_MESSAGES.tooHeavyToDecode);
  return undefined;
}

function refusal(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new HttpError(413, PHOTO_MESSAGES.tooManyPixels);
  if (/unsupported image format/i.test(message))
    return new HttpError(415, PHOTO_MESSAGES.notAnImage);
  return new HttpError(400, PHOTO_MESSAGES.damaged);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function encode(pipeline: Sharp, format: VariantFormat): Sharp {
  switch (format) {
    // Effort and quality chosen for photos viewed on phones: small files, a fraction of a
    // second per variant on one core.
    case 'avif':
      return pipeline.avif({ quality: 50, effort: 2, chromaSubsampling: '4:2:0' });
    case 'webp':
      return pipeline.webp({ quality: 72, effort: 3, smartSubsample: false });
    case 'jpeg':
      return pipeline.jpeg({ quality: 78, progressive: true, mozjpeg: false });
  }
}

/**
 * Validates and processes one upload. Throws HttpError 415 (not an image or a refused format),
 * 413 (a shape refused from the header: see shapeRefusal) or 400 (damaged) with a Spanish
 * message.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const format = sniffFormat(input);
  if (!format) throw new HttpError(415, PHOTO_MESSAGES.notAnImage);
  const sharp = await loadSharp();
  if (format === 'heic' && !(await canDecodeHeic(sharp)))
    throw new HttpError(415, PHOTO_MESSAGES.unsupportedFormat);

  try {
    // The header alone tells the size: a bomb is refused before any pixel is decoded.
    const meta = await sharp(input, DECODE).metadata();
    const expected = format === 'avif' || format === 'heic' ? 'heif' : format;
    if (meta.format !== expected) throw new HttpError(415, PHOTO_MESSAGES.notAnImage);
    const refused = shapeRefusal(meta);
    if (refused) throw refused;

    // Decoded once, turned upright and reduced to the largest width; every variant starts from
    // these pixels. Nothing of the original's metadata is carried over (sharp drops it unless
    // asked to keep it), and the colours are converted to sRGB.
    const largest = Math.min(meta.autoOrient?.width ?? meta.width, PHOTO_WIDTHS.at(-1)!);
    const { data, info } = await sharp(input, DECODE)
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const phash = (await differenceHash(sharp, data, raw)).toString();
    const widths: number[] = PHOTO_WIDTHS.filter((w) => w < info.width);
    widths.push(info.width);

    // The three formats of one width are encoded together: the AVIF encoder keeps one core busy
    // while WebP and JPEG take the other. One width at a time bounds the memory.
    const variants: Variant[] = [];
    for (const width of widths) {
      const encoded = await Promise.all(
        VARIANT_FORMATS.map(async (f): Promise<Variant> => {
          const pipeline = sharp(data, raw).resize({ width });
          const { data: bytes, info: out } = await encode(pipeline, f).toBuffer({
            resolveWithObject: true,
          });
          return { format: f, width: out.width, height: out.height, hash: sha256(bytes), bytes };
        }),
      );
      variants.push(...encoded);
    }

    const tiny = await sharp(data, raw)
      .resize({ width: 16, height: 16, fit: 'inside' })
      .blur(0.6)
      .webp({ quality: 30, effort: 6, smartSubsample: false })
      .toBuffer();
    return {
      width: info.width,
      height: info.height,
      variants,
      placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
      sourceHash: sha256(input),
      phash,
    };
  } catch (error) {
    throw refusal(error);
  }
}
