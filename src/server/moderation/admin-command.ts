// `npm run admin -- grant <email>` / `revoke <email>`: the only way an account becomes admin (the
// API never takes a role from a client). Works on the embedded DATA_DIR and on DATABASE_URL; an
// embedded database that a running server holds is refused with a clear message, since two
// processes on one PGlite directory would corrupt it. Each change is written to the audit log.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { LOCK_FILE_NAME, LockError } from '../db/lock';
import { migrate } from '../db/migrate';
import { openDatabase, type OpenDatabase } from '../db/open';
import { createModerationRepository, personLabel } from './repository';

export const ADMIN_USAGE = [
  'Uso / Usage:',
  '  npm run admin -- grant <correo>    da el rol de administrador / makes the account admin',
  '  npm run admin -- revoke <correo>   lo quita / makes it a regular account again',
].join('\n');

/** How the audit log names the command line as the actor. */
export const CLI_ACTOR = 'npm run admin (línea de comandos)';

export interface AdminCommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Opens the configured database; replaceable in tests. */
export type Opener = (config: Config) => Promise<OpenDatabase>;

/** An embedded DATA_DIR without a database: the command never creates one. */
class NoDatabaseError extends Error {}

/**
 * The server's database, never a new one: an embedded DATA_DIR without a database is most likely
 * not the server's (run from another directory, or without its DATA_DIR).
 */
function openExisting(config: Config): Promise<OpenDatabase> {
  const has = (name: string) => existsSync(join(config.dataDir, name));
  // A running server's lock is reported as such (openDatabase), even before its first data.
  if (!config.databaseUrl && !has('pgdata') && !has(LOCK_FILE_NAME)) {
    return Promise.reject(new NoDatabaseError(config.dataDir));
  }
  return openDatabase(config);
}

/** Runs the command; the process exit code (0 done, 1 failed, 2 bad usage). */
export async function runAdminCommand(
  args: string[],
  config: Config,
  io: AdminCommandIo,
  open: Opener = openExisting,
): Promise<number> {
  const [verb, email, ...rest] = args;
  if ((verb !== 'grant' && verb !== 'revoke') || !email?.trim() || rest.length > 0) {
    io.err(ADMIN_USAGE);
    return 2;
  }
  const role = verb === 'grant' ? 'admin' : 'user';

  let database: OpenDatabase;
  try {
    database = await open(config);
  } catch (error) {
    if (error instanceof NoDatabaseError) {
      io.err(
        `No hay ninguna base de datos en DATA_DIR ${config.dataDir}: usa el mismo DATA_DIR (o ` +
          'DATABASE_URL) con el que arranca el servidor. No se creó nada.\n' +
          `There is no database in DATA_DIR ${config.dataDir}: use the DATA_DIR (or ` +
          'DATABASE_URL) the server starts with. Nothing was created.',
      );
      return 1;
    }
    if (error instanceof LockError) {
      io.err(
        `El servidor de Happy Dog está en marcha con DATA_DIR ${config.dataDir}: detenlo, ` +
          'ejecuta de nuevo este comando y vuelve a iniciarlo (la base de datos integrada solo ' +
          'admite un proceso a la vez).\n' +
          `The Happy Dog server is running on DATA_DIR ${config.dataDir}: stop it, run this ` +
          'command again, then start the server (the embedded database allows one process at ' +
          `a time).\n(${error.message})`,
      );
      return 1;
    }
    io.err(
      `No se pudo abrir la base de datos / Could not open the database: ${(error as Error).message}`,
    );
    return 1;
  }

  io.out(`Base de datos / Database: ${database.describe}`);
  try {
    await migrate(database.db);
    const changed = await database.db.transaction(async (tx) => {
      const repo = createModerationRepository(tx);
      const user = await repo.setRole(email.trim(), role);
      if (user?.changed) {
        await repo.audit({
          actorId: null,
          actorLabel: CLI_ACTOR,
          action: role === 'admin' ? 'role_grant' : 'role_revoke',
          targetType: 'user',
          targetId: user.id,
          targetLabel: personLabel(user),
          reason: '',
          at: new Date(),
        });
      }
      return user;
    });
    if (!changed) {
      io.err(
        `No hay ninguna cuenta con el correo ${email.trim()}.\n` +
          `There is no account with the e-mail ${email.trim()}.`,
      );
      return 1;
    }
    const label = personLabel(changed);
    if (role === 'admin') {
      io.out(
        changed.changed
          ? `${label} ahora tiene el rol de administración. / ${label} is now an admin.`
          : `${label} ya tenía el rol de administración. / ${label} already was an admin.`,
      );
    } else {
      io.out(
        changed.changed
          ? `${label} ya no tiene el rol de administración. / ${label} is no longer an admin.`
          : `${label} no tenía el rol de administración. / ${label} was not an admin.`,
      );
    }
    return 0;
  } catch (error) {
    io.err(`Falló / Failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}
