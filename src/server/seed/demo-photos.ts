// Photos for a few demo dogs, made from their local illustrations (public/demo-dogs) at build time
// (`npm run build`, scripts/build/demo-photos.mjs) so that a first start only copies the
// processed files into the database instead of encoding AVIF for seconds.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths';
import { processPhoto, type ProcessedPhoto, type VariantFormat } from '../photos/processing';

export const DEMO_PHOTOS_FILE = join(PROJECT_ROOT, 'build', 'demo-photos.json');

/** One view of an illustration: mirrored, tinted, or a close-up (a region of 360×320). */
interface View {
  flop?: boolean;
  hue?: number;
  crop?: { left: number; top: number; width: number; height: number };
}

/** The demo dogs with several photos (by name) and the views of their illustration. */
export const DEMO_GALLERIES: Readonly<Record<string, { file: string; views: View[] }>> = {
  Luna: {
    file: 'luna.svg',
    views: [{}, { crop: { left: 90, top: 70, width: 216, height: 192 } }, { flop: true, hue: 12 }],
  },
  Max: { file: 'max.svg', views: [{}, { flop: true, hue: -10 }] },
  Canela: {
    file: 'canela.svg',
    views: [{}, { crop: { left: 70, top: 60, width: 234, height: 208 } }],
  },
};

interface StoredVariant {
  format: VariantFormat;
  width: number;
  height: number;
  hash: string;
  base64: string;
}
type StoredPhoto = Omit<ProcessedPhoto, 'variants'> & { variants: StoredVariant[] };
export type DemoPhotos = Record<string, StoredPhoto[]>;

/** Renders and processes every view (as an upload would be processed); slow: build time only. */
export async function makeDemoPhotos(
  publicDir = join(PROJECT_ROOT, 'public'),
): Promise<DemoPhotos> {
  // Loaded here only: the serving process imports this module for readDemoPhotos, and libvips
  // costs tens of MB of memory that a server without uploads never needs.
  const { default: sharp } = await import('sharp');
  const out: DemoPhotos = {};
  for (const [name, gallery] of Object.entries(DEMO_GALLERIES)) {
    out[name] = [];
    for (const view of gallery.views) {
      // Twice the illustration's size, so the cards stay sharp on high-density screens.
      let image = sharp(join(publicDir, 'demo-dogs', gallery.file), { density: 144 });
      if (view.crop) {
        const c = view.crop;
        image = sharp(
          await image
            .extract({ left: c.left * 2, top: c.top * 2, width: c.width * 2, height: c.height * 2 })
            .png()
            .toBuffer(),
        ).resize({ width: 720 });
      }
      if (view.flop) image = image.flop();
      if (view.hue) image = image.modulate({ hue: view.hue });
      const processed = await processPhoto(await image.png({ compressionLevel: 1 }).toBuffer());
      out[name].push({
        ...processed,
        variants: processed.variants.map(({ bytes, ...v }) => ({
          ...v,
          base64: bytes.toString('base64'),
        })),
      });
    }
  }
  return out;
}

/** The photos made by the build, or undefined when there is no build (running from sources). */
export function readDemoPhotos(file = DEMO_PHOTOS_FILE): Map<string, ProcessedPhoto[]> | undefined {
  if (!existsSync(file)) return undefined;
  const stored = JSON.parse(readFileSync(file, 'utf8')) as DemoPhotos;
  return new Map(
    Object.entries(stored).map(([name, photos]) => [
      name,
      photos.map((photo) => ({
        ...photo,
        variants: photo.variants.map(({ base64, ...v }) => ({
          ...v,
          bytes: Buffer.from(base64, 'base64'),
        })),
      })),
    ]),
  );
}
