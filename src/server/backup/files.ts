// Backup files of the embedded database: a gzipped SQL dump (pg_dump's plain format) after one
// line that says what it is. A file is written beside its place and renamed into it once
// complete, private to its owner, so a backup directory never holds half a backup; the oldest
// automatic backups beyond BACKUP_KEEP are deleted.
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/** The first line of every backup; a file without it is not one of ours. */
export const BACKUP_MAGIC = '-- Happy Dog backup, format 1';
/** Automatic backups: happy-dog-2026-11-26T02-30-00.123Z.sql.gz (they sort by time). */
const AUTOMATIC = /^happy-dog-\d{4}-\d\d-\d\dT[\d-]+\.\d{3}Z\.sql\.gz$/;

export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

export function automaticBackupName(at: Date): string {
  return `happy-dog-${at.toISOString().replaceAll(':', '-')}.sql.gz`;
}

/** Creates `dir` private to this account (0700), or makes an existing one so. */
export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/**
 * Writes `sql` as a backup at `file` (0600), through a temporary file renamed into place: the
 * file appears only once complete. Returns its size in bytes.
 */
export async function writeBackupFile(file: string, sql: string, at: Date): Promise<number> {
  const partial = join(dirname(file), `.${basename(file)}.partial-${process.pid}`);
  try {
    await pipeline(
      Readable.from([`${BACKUP_MAGIC}, made ${at.toISOString()}\n`, sql]),
      createGzip({ level: 6 }),
      createWriteStream(partial, { mode: 0o600, flags: 'wx' }),
    );
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return (await stat(file)).size;
}

/** The SQL in a backup file; BackupFileError when it cannot be read or is not a backup. */
export async function readBackupFile(file: string): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    await pipeline(
      createReadStream(file),
      createGunzip(),
      async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) chunks.push(chunk);
      },
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupFileError(`${file} does not exist`);
    if (code === 'EACCES') throw new BackupFileError(`${file} cannot be read (permission denied)`);
    if (code === 'EISDIR') throw new BackupFileError(`${file} is a directory, not a backup file`);
    throw new BackupFileError(`${file} is not a Happy Dog backup (not a gzip file)`);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.startsWith(BACKUP_MAGIC)) {
    throw new BackupFileError(`${file} is not a Happy Dog backup`);
  }
  return text.slice(text.indexOf('\n') + 1);
}

/** Deletes the oldest automatic backups in `dir` beyond the newest `keep`; their names. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((n) => AUTOMATIC.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  await Promise.all(old.map((n) => rm(join(dir, n), { force: true })));
  return old;
}
