// Backups of the embedded database while the server runs: one every BACKUP_INTERVAL into
// BACKUP_DIR (keeping BACKUP_KEEP), and on request from `npm run backup` through a socket in
// DATA_DIR that only this account can open. A failed backup is logged and tried again at the next
// interval; it never stops the server. With DATABASE_URL there is nothing to do here: PostgreSQL
// is backed up with pg_dump (README).
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { isAbsolute, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/db';
import { automaticBackupName, privateDir, pruneBackups, writeBackupFile } from './files';

/** `npm run backup` asks the running server through this socket (in DATA_DIR, mode 0600). */
export const CONTROL_SOCKET = 'backup.sock';

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
}

/** Dumps `db` into `file` (complete or not at all). */
export async function backupTo(db: Db, file: string): Promise<BackupResult> {
  if (!db.dump) throw new Error('only the embedded database is backed up this way');
  const started = performance.now();
  const sql = await db.dump();
  const bytes = await writeBackupFile(file, sql, new Date());
  return { file, bytes, ms: Math.round(performance.now() - started) };
}

export interface BackupOptions {
  dataDir: string;
  dir: string;
  intervalS: number;
  keep: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Makes an automatic backup now (the timer's work); tests and benches call it. */
    backupNow(): Promise<BackupResult>;
  }
}

export const backups = fp<BackupOptions>(
  async (app: FastifyInstance, options) => {
    const log = app.log.child({ module: 'backup' });
    let running: Promise<BackupResult> | undefined;

    /** One at a time: a request while one runs waits for it and then makes its own. */
    const serialized = (make: () => Promise<BackupResult>): Promise<BackupResult> => {
      const next = (running ?? Promise.resolve())
        .catch(() => undefined)
        .then(make)
        .finally(() => {
          if (running === next) running = undefined;
        });
      running = next;
      return next;
    };

    const automatic = () =>
      serialized(async () => {
        await privateDir(options.dir);
        const result = await backupTo(app.db, join(options.dir, automaticBackupName(new Date())));
        const pruned = await pruneBackups(options.dir, options.keep);
        log.info({ event: 'backup_done', ...result, pruned: pruned.length }, 'backup written');
        return result;
      });
    app.decorate('backupNow', automatic);

    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    const schedule = () => {
      if (options.intervalS <= 0 || closing) return;
      timer = setTimeout(() => {
        automatic()
          .catch((error: unknown) =>
            log.error(
              { event: 'backup_failed', reason: (error as Error).message },
              'backup failed; trying again at the next interval',
            ),
          )
          .finally(schedule);
      }, options.intervalS * 1000);
      timer.unref();
    };

    // `npm run backup -- <file>`: one JSON line in, one out.
    const socketPath = join(options.dataDir, CONTROL_SOCKET);
    let control: Server | undefined;
    const answer = (socket: Socket, body: object) => socket.end(`${JSON.stringify(body)}\n`);
    const onConnection = (socket: Socket) => {
      let input = '';
      socket.setEncoding('utf8');
      socket.on('error', () => socket.destroy());
      socket.on('data', (chunk: string) => {
        input += chunk;
        if (input.length > 8192) return socket.destroy();
        if (!input.includes('\n')) return;
        let file: unknown;
        try {
          file = (JSON.parse(input.slice(0, input.indexOf('\n'))) as { file?: unknown }).file;
        } catch {
          return answer(socket, { ok: false, error: 'malformed request' });
        }
        if (typeof file !== 'string' || !isAbsolute(file))
          return answer(socket, { ok: false, error: 'the backup file must be an absolute path' });
        serialized(() => backupTo(app.db, file)).then(
          (result) => {
            log.info({ event: 'backup_done', ...result }, 'backup written on request');
            answer(socket, { ok: true, ...result });
          },
          (error: unknown) => {
            log.error(
              { event: 'backup_failed', reason: (error as Error).message },
              'requested backup failed',
            );
            answer(socket, { ok: false, error: (error as Error).message });
          },
        );
      });
    };

    app.addHook('onReady', async () => {
      schedule();
      // This process holds DATA_DIR's lock: a socket file left there is from one that died.
      if (existsSync(socketPath)) rmSync(socketPath, { force: true });
      const server = createServer(onConnection);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ path: socketPath, readableAll: false, writableAll: false }, resolve);
      }).then(
        () => {
          control = server;
          server.unref();
          chmodSync(socketPath, 0o600);
        },
        (error: Error) =>
          log.warn(
            { event: 'backup_socket_failed', reason: error.message },
            '`npm run backup` cannot reach this server; it backs up only with the server stopped',
          ),
      );
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(timer);
      await new Promise<void>((resolve) => (control ? control.close(() => resolve()) : resolve()));
      await running?.catch(() => undefined);
    });
  },
  { name: 'backups', dependencies: ['database'] },
);
