// Builds the prepared empty embedded database (the "image") that a server copies into a new
// DATA_DIR, so the serving process never runs initdb (seconds of CPU and hundreds of MB of
// WebAssembly memory that is never given back). Run by `npm run build`, and by the server itself
// in a short-lived child process when the image is missing or stale (built by another PGlite or
// before the migrations changed). The image is migrated: a server starting from it has its schema.
//
//   node scripts/build/pglite-image.mjs [outDir]   (default build/pglite-image)
//
// The result is outDir/pgdata (a PGlite data directory) and outDir/image.json (what built it).
// It is written beside outDir and renamed into place, so a reader never sees half an image.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = resolve(process.argv[2] ?? join(root, 'build', 'pglite-image'));

// The server's own migrations and stamp, from its TypeScript sources (a build-time tool may
// compile them; the server never does).
register();
const { imageIsCurrent, imageStamp } = await import('../../src/server/db/data-dir.ts');
const { migrate } = await import('../../src/server/db/migrate.ts');
const { openPglite } = await import('../../src/server/db/pglite.ts');

// The database files are private to their owner.
process.umask(0o077);
const tmp = `${out}.tmp-${process.pid}`;
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
try {
  const pg = await PGlite.create(join(tmp, 'pgdata'));
  await pg.close();
  // Migrated here, so a server starting from the image has its schema already.
  const db = await openPglite(join(tmp, 'pgdata'));
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  writeFileSync(join(tmp, 'image.json'), `${JSON.stringify({ stamp: imageStamp() })}\n`);
  if (imageIsCurrent(out)) {
    // Another builder finished first; servers may be copying from it right now.
    rmSync(tmp, { recursive: true, force: true });
    console.log(`Empty embedded database image already in ${out}`);
    process.exit(0);
  }
  const old = `${out}.old-${process.pid}`;
  try {
    renameSync(out, old);
  } catch {
    /* no earlier image */
  }
  renameSync(tmp, out);
  rmSync(old, { recursive: true, force: true });
  console.log(`Empty embedded database image written to ${out}`);
} catch (error) {
  rmSync(tmp, { recursive: true, force: true });
  console.error(`Could not build the embedded database image in ${out}: ${error.message}`);
  process.exit(1);
}
