// `npm run backup -- <file>` and `npm run restore -- <file>` for the embedded database (the
// entry point is cli.ts).
//
// backup: asks the running server (through DATA_DIR's backup socket) to write a consistent dump
// to <file>; with no server holding DATA_DIR it opens the database itself. The file appears only
// once complete.
// restore: loads a backup into an empty (or new) DATA_DIR. It is built beside DATA_DIR and renamed
// into place at the end, so a failed restore leaves nothing behind; a DATA_DIR that holds
// anything is refused.
//
// Every failure is one line on stderr and exit code 1. With DATABASE_URL, PostgreSQL is backed up
// and restored with pg_dump and psql (README).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  rmdirSync,
  statSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { DEFAULT_IMAGE_DIR, hasDatabase, makePrivate, preparePgdata } from '../db/data-dir';
import { acquireDataDirLock, LockError } from '../db/lock';
import { openPglite } from '../db/pglite';
import { BackupFileError, readBackupFile } from './files';
import { backupTo, CONTROL_SOCKET, type BackupResult } from './plugin';

export class CliError extends Error {
  override name = 'CliError';
}

const USAGE = 'usage: npm run backup -- <file>   |   npm run restore -- <file>';

function fileArgument(args: string[]): string {
  if (args.length !== 1 || !args[0] || args[0].startsWith('-')) throw new CliError(USAGE);
  return resolve(args[0]);
}

function embeddedOnly(config: Config, what: string): void {
  if (config.databaseUrl) {
    throw new CliError(
      `DATABASE_URL is set: ${what} PostgreSQL with pg_dump and psql instead (see README, "Backups")`,
    );
  }
}

/** Sends the request to the server holding DATA_DIR and waits for its one-line answer. */
function askServer(dataDir: string, file: string): Promise<BackupResult> {
  return new Promise((resolvePromise, reject) => {
    const socket = createConnection({ path: join(dataDir, CONTROL_SOCKET) });
    let input = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ file })}\n`));
    socket.on('data', (chunk: string) => (input += chunk));
    socket.on('error', (error) =>
      reject(new CliError(`the running server could not be asked for a backup: ${error.message}`)),
    );
    socket.on('end', () => {
      try {
        const answer = JSON.parse(input) as { ok: boolean; error?: string } & BackupResult;
        if (answer.ok) resolvePromise(answer);
        else reject(new CliError(`the running server could not make the backup: ${answer.error}`));
      } catch {
        reject(new CliError('the running server gave no answer about the backup'));
      }
    });
  });
}

export async function backupCommand(args: string[], config: Config): Promise<string> {
  const file = fileArgument(args);
  embeddedOnly(config, 'back up');
  const pgdata = join(config.dataDir, 'pgdata');
  if (!hasDatabase(pgdata)) throw new CliError(`${config.dataDir} holds no database to back up`);
  if (existsSync(file)) throw new CliError(`${file} already exists; choose a new file name`);
  if (!existsSync(dirname(file)) || !statSync(dirname(file)).isDirectory())
    throw new CliError(`${dirname(file)} is not a directory`);
  let lock;
  try {
    lock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof LockError)) throw error;
    const result = await askServer(config.dataDir, file);
    return `Backup written by the running server to ${result.file} (${result.bytes} bytes, ${result.ms} ms)`;
  }
  try {
    const db = await openPglite(pgdata);
    try {
      const result = await backupTo(db, file);
      return `Backup written to ${result.file} (${result.bytes} bytes, ${result.ms} ms)`;
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

export async function restoreCommand(
  args: string[],
  config: Config,
  imageDir = DEFAULT_IMAGE_DIR,
): Promise<string> {
  const file = fileArgument(args);
  embeddedOnly(config, 'restore');
  const dataDir = config.dataDir;
  if (existsSync(dataDir)) {
    if (!statSync(dataDir).isDirectory()) throw new CliError(`${dataDir} is not a directory`);
    if (readdirSync(dataDir).length > 0)
      throw new CliError(
        `${dataDir} is not empty: a backup is restored only into an empty or new DATA_DIR`,
      );
  }
  // Read and checked before anything is written.
  let sql: string;
  try {
    sql = await readBackupFile(file);
  } catch (error) {
    if (error instanceof BackupFileError) throw new CliError(error.message);
    throw error;
  }
  const staging = `${dataDir}.restoring-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  try {
    await preparePgdata(staging, imageDir);
    const db = await openPglite(join(staging, 'pgdata'));
    try {
      // The image's empty schema makes way for the backup's, which recreates it whole.
      await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
      try {
        await db.exec(sql);
      } catch (error) {
        throw new CliError(`${file} could not be loaded: ${(error as Error).message}`);
      }
      // The dump empties search_path for its own statements.
      await db.exec('SET search_path TO DEFAULT');
      await db.query('SELECT count(*) FROM schema_migrations');
    } finally {
      await db.close();
    }
    makePrivate(staging);
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(staging, dataDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return `Restored ${file} into ${dataDir}`;
}

/** Runs `backup` or `restore` with `args`; the exit code. */
export async function runBackupCli(
  command: string | undefined,
  args: string[],
  io: { out(line: string): void; err(line: string): void },
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  try {
    const config = loadConfig(env);
    if (command === 'backup') io.out(await backupCommand(args, config));
    else if (command === 'restore') io.out(await restoreCommand(args, config));
    else throw new CliError(USAGE);
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    io.err(`${command ?? 'backup'} failed: ${(error as Error).message.split('\n')[0]}`);
    return 1;
  }
}
