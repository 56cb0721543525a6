// Builds the prepared empty embedded database (the "image") that a server copies into a new
// DATA_DIR, so the serving process never runs initdb (seconds of CPU and hundreds of MB of
// WebAssembly memory that is never given back). Run by `npm run build`, and by the server itself
// in a short-lived child process when the image is missing or was built by another PGlite.
//
//   node scripts/build/pglite-image.mjs [outDir]   (default build/pglite-image)
//
// The result is outDir/pgdata (a PGlite data directory) and outDir/image.json (what built it).
// It is written beside outDir and renamed into place, so a reader never sees half an image.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = resolve(process.argv[2] ?? join(root, 'build', 'pglite-image'));

/** Must equal imageStamp() in src/server/db/data-dir.ts. */
function imageStamp() {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8'));
  return `pglite ${pkg.version}, image format 1`;
}

function isCurrent(dir) {
  try {
    const meta = JSON.parse(readFileSync(join(dir, 'image.json'), 'utf8'));
    return meta.stamp === imageStamp() && existsSync(join(dir, 'pgdata', 'PG_VERSION'));
  } catch {
    return false;
  }
}

// The database files are private to their owner.
process.umask(0o077);
const tmp = `${out}.tmp-${process.pid}`;
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
try {
  const pg = await PGlite.create(join(tmp, 'pgdata'));
  await pg.close();
  writeFileSync(join(tmp, 'image.json'), `${JSON.stringify({ stamp: imageStamp() })}\n`);
  if (isCurrent(out)) {
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
