// The embedded database's directory: created private to its owner, filled from a prepared empty
// database (the image built by scripts/build/pglite-image.mjs) instead of running initdb here,
// and checked for permissions that let other users read or change it.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile } from 'node:fs/promises';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MIGRATIONS_DIR, PROJECT_ROOT } from '../paths';

export const DEFAULT_IMAGE_DIR = join(PROJECT_ROOT, 'build', 'pglite-image');
const IMAGE_BUILDER = join(PROJECT_ROOT, 'scripts', 'build', 'pglite-image.mjs');

/**
 * Where a data directory came from: already there, copied from the image (the empty one or the
 * one the build also seeded with the demo data), or from a child.
 */
export type PgdataOrigin = 'existing' | 'image' | 'demo image' | 'child';

/** A prepared database to copy into a new DATA_DIR when it is current (its stamp matches). */
export interface PreparedImage {
  dir: string;
  stamp: string;
}

/**
 * Identifies what an image holds: the PGlite that built it and the migrations already applied
 * in it (their files' names and contents). An image made by another PGlite or before a
 * migration changed is rebuilt.
 */
export function imageStamp(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const migrations = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    migrations
      .update(`${file}\0`)
      .update(readFileSync(join(MIGRATIONS_DIR, file)))
      .update('\0');
  }
  return `pglite ${pkg.version}, image format 3, migrations ${migrations.digest('hex').slice(0, 16)}`;
}

/**
 * Whether pgdata was made just now from a current image (copied, or built by a child first):
 * then it holds every migration already, as the image's stamp names them all.
 */
export function isFreshImageCopy(origin: PgdataOrigin | undefined): boolean {
  return origin === 'image' || origin === 'demo image' || origin === 'child';
}

export function imageIsCurrent(imageDir: string, stamp = imageStamp()): boolean {
  try {
    const meta = JSON.parse(readFileSync(join(imageDir, 'image.json'), 'utf8')) as {
      stamp?: unknown;
    };
    return meta.stamp === stamp && existsSync(join(imageDir, 'pgdata', 'PG_VERSION'));
  } catch {
    return false;
  }
}

/** Whether `pgdata` holds a database (PostgreSQL writes PG_VERSION first and never removes it). */
export function hasDatabase(pgdata: string): boolean {
  return existsSync(join(pgdata, 'PG_VERSION'));
}

/**
 * Directories 0700 and files 0600 below (and including) `path`. A file that disappears meanwhile
 * (PostgreSQL renames and deletes files while it runs) is skipped.
 */
export function makePrivate(path: string): void {
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      chmodSync(path, 0o700);
      for (const entry of readdirSync(path)) makePrivate(join(path, entry));
    } else if (stat.isFile() && (stat.mode & 0o077) !== 0) {
      chmodSync(path, 0o600);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Warnings for a data directory (or its pgdata) that group or others may read or enter. */
export function permissionWarnings(dataDir: string): string[] {
  const warnings: string[] = [];
  for (const path of [dataDir, join(dataDir, 'pgdata')]) {
    let mode: number;
    try {
      mode = statSync(path).mode;
    } catch {
      continue;
    }
    if ((mode & 0o077) !== 0) {
      warnings.push(
        `${path} is open to other users (mode ${(mode & 0o777).toString(8)}); ` +
          `run chmod -R go= ${dataDir} so only this account can read the database`,
      );
    }
  }
  return warnings;
}

function runImageBuilder(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [IMAGE_BUILDER, outDir], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(stderr.trim() || `image builder exited ${code}`)),
    );
  });
}

/**
 * Copies a directory tree (a database image: about 470 small files), eight files queued at a
 * time on libuv's thread pool (four threads by default): about half the time of a one-by-one
 * copy.
 */
async function copyTree(source: string, target: string): Promise<void> {
  const files: [string, string][] = [];
  const walk = (from: string, to: string) => {
    mkdirSync(to, { mode: 0o700 });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const pair: [string, string] = [join(from, entry.name), join(to, entry.name)];
      if (entry.isDirectory()) walk(...pair);
      else files.push(pair);
    }
  };
  walk(source, target);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const [from, to] = files[next++]!;
      await copyFile(from, to);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/**
 * Makes sure `dataDir/pgdata` holds a database without ever running initdb in this process.
 * A missing one is copied from `demoImage` when that is current, else from the image (built
 * first, in a child process, when missing or stale) into a temporary directory and renamed into
 * place, so a crash never leaves half a database behind. Call only while holding the DATA_DIR
 * lock.
 */
export async function preparePgdata(
  dataDir: string,
  imageDir = DEFAULT_IMAGE_DIR,
  demoImage?: PreparedImage,
): Promise<PgdataOrigin> {
  const pgdata = join(dataDir, 'pgdata');
  // Leftovers of an earlier start that died while copying.
  for (const entry of readdirSync(dataDir)) {
    if (entry.startsWith('pgdata.new-')) rmSync(join(dataDir, entry), { recursive: true });
  }
  if (hasDatabase(pgdata)) return 'existing';

  let origin: PgdataOrigin = 'image';
  let source = imageDir;
  let ownCopy: string | null = null;
  if (demoImage && imageIsCurrent(demoImage.dir, demoImage.stamp)) {
    origin = 'demo image';
    source = demoImage.dir;
  } else if (!imageIsCurrent(imageDir)) {
    origin = 'child';
    try {
      await runImageBuilder(imageDir);
    } catch (error) {
      // Another process may have installed it meanwhile; else build a private one here.
      if (!imageIsCurrent(imageDir)) {
        ownCopy = join(dataDir, `pgdata.new-image-${process.pid}`);
        try {
          await runImageBuilder(ownCopy);
        } catch (second) {
          throw new Error(
            `could not prepare an empty database: ${(second as Error).message} ` +
              `(shared image: ${(error as Error).message})`,
          );
        }
        source = ownCopy;
      }
    }
  }
  const staging = join(dataDir, `pgdata.new-${process.pid}`);
  try {
    if (existsSync(pgdata)) {
      // An empty one is replaced; anything else may be someone's data and is left alone.
      if (readdirSync(pgdata).length > 0) {
        throw new Error(`${pgdata} is not empty but holds no database (no PG_VERSION)`);
      }
      rmSync(pgdata, { recursive: true });
    }
    await copyTree(join(source, 'pgdata'), staging);
    makePrivate(staging);
    renameSync(staging, pgdata);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    if (ownCopy) rmSync(ownCopy, { recursive: true, force: true });
  }
  return origin;
}
