// The build's second prepared database: the empty image with the demo data already seeded
// (scripts/build/pglite-image.mjs --demo), so a first start with SEED_DEMO on copies it instead
// of writing the demo dogs and their photos itself. It is used only while it matches the
// migrations, the demo data and the demo photos it was made from.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { imageStamp } from '../db/data-dir';
import { PROJECT_ROOT } from '../paths';
import { DEMO_DOGS, DEMO_OWNER } from './demo';
import { DEMO_PHOTOS_FILE } from './demo-photos';

export const DEFAULT_DEMO_IMAGE_DIR = join(PROJECT_ROOT, 'build', 'pglite-image-demo');

export function demoImageStamp(photosFile = DEMO_PHOTOS_FILE): string {
  const hash = createHash('sha256').update(JSON.stringify({ DEMO_OWNER, DEMO_DOGS }));
  hash.update(existsSync(photosFile) ? readFileSync(photosFile) : 'no demo photos');
  return `${imageStamp()}, demo ${hash.digest('hex').slice(0, 16)}`;
}
