// Builds the prepared empty embedded database (the "image") that a server copies into a new
// DATA_DIR, so the serving process never runs initdb (seconds of CPU and hundreds of MB of
// WebAssembly memory that is never given back). Run by the server build (scripts/build/server.mjs,
// with --demo), and by the server itself in a short-lived child process when the image is missing
// or stale (built by another PGlite or before the migrations changed). The image is migrated: a
// server starting from it has its schema.
//
//   node scripts/build/pglite-image.mjs [--demo] [outDir]   (default build/pglite-image)
//
// The result is outDir/pgdata (a PGlite data directory) and outDir/image.json (what built it).
// With --demo, outDir-demo also gets the image with the demo data seeded (what a first start with
// SEED_DEMO on would write: dogs and their processed photos from build/demo-photos.json).
// Each is written beside its place and renamed into it, so a reader never sees half an image, and
// an image that is already current is left as it is.
import { cpSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const withDemo = args.includes('--demo');
const out = resolve(args.find((a) => !a.startsWith('--')) ?? join(root, 'build', 'pglite-image'));
const demoOut = `${out}-demo`;

// The server's own migrations, seed and stamps, from its TypeScript sources (a build-time tool
// may compile them; the server never does).
register();
const { imageIsCurrent, imageStamp } = await import('../../src/server/db/data-dir.ts');
const { migrate } = await import('../../src/server/db/migrate.ts');
const { openPglite, PGLITE_EXTENSIONS } = await import('../../src/server/db/pglite.ts');
const { seedDemoData } = await import('../../src/server/seed/demo.ts');
const { demoImageStamp } = await import('../../src/server/seed/demo-image.ts');

/** The databases initdb makes besides 'postgres', dropped from the image. */
const TEMPLATES = ['template0', 'template1'];

// The database files are private to their owner.
process.umask(0o077);

/** Makes `target` with `fill(tmpDir)` and the stamp, unless another builder finished first. */
async function buildImage(target, stamp, fill) {
  const tmp = `${target}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    await fill(tmp);
    writeFileSync(join(tmp, 'image.json'), `${JSON.stringify({ stamp })}\n`);
    if (imageIsCurrent(target, stamp)) {
      // Another builder finished first; servers may be copying from it right now.
      rmSync(tmp, { recursive: true, force: true });
      console.log(`Embedded database image already in ${target}`);
      return;
    }
    const old = `${target}.old-${process.pid}`;
    try {
      renameSync(target, old);
    } catch {
      /* no earlier image */
    }
    renameSync(tmp, target);
    rmSync(old, { recursive: true, force: true });
    console.log(`Embedded database image written to ${target}`);
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}

try {
  if (imageIsCurrent(out)) {
    console.log(`Empty embedded database image already in ${out}`);
  } else {
    await buildImage(out, imageStamp(), async (tmp) => {
      // The migrations create extensions (unaccent, pg_trgm), whose files PGlite loads on open.
      const pg = await PGlite.create(join(tmp, 'pgdata'), { extensions: PGLITE_EXTENSIONS });
      await pg.close();
      // Migrated here, so a server starting from the image has its schema already.
      const db = await openPglite(join(tmp, 'pgdata'));
      try {
        await migrate(db);
        // The app only ever uses the 'postgres' database. initdb's templates (template0 and
        // template1, about 600 of the image's 1,070 files) would be copied into every new
        // DATA_DIR for nothing, and creating files is most of that copy's time.
        for (const template of TEMPLATES) {
          await db.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
          await db.exec(`DROP DATABASE ${template}`);
        }
        await db.exec('CHECKPOINT');
      } finally {
        await db.close();
      }
    });
  }
  const demoStamp = demoImageStamp();
  if (withDemo && !imageIsCurrent(demoOut, demoStamp)) {
    await buildImage(demoOut, demoStamp, async (tmp) => {
      cpSync(join(out, 'pgdata'), join(tmp, 'pgdata'), { recursive: true });
      const db = await openPglite(join(tmp, 'pgdata'));
      try {
        if (!(await seedDemoData(db, { forImage: true }))) {
          throw new Error('the empty image already holds data');
        }
      } finally {
        await db.close();
      }
    });
  }
} catch (error) {
  console.error(`Could not build the embedded database image in ${out}: ${error.message}`);
  process.exit(1);
}
