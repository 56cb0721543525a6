// Applies the numbered migrations/NNN_name.sql files once each, in order, inside one transaction.
import { readdir, readFile } from 'node:fs/promises';
import { MIGRATIONS_DIR } from '../paths';
import type { Db } from './db';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

// Arbitrary constant: serialises concurrent start-ups of several processes on one PostgreSQL.
const MIGRATION_LOCK_KEY = 720_531_411;

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = /^(\d{3,})_([a-z0-9_]+)\.sql$/.exec(file);
    if (!match) throw new Error(`Migration file name must look like 001_name.sql: ${file}`);
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version)) {
      throw new Error(`Two migrations share version ${version}`);
    }
    migrations.push({ version, name: match[2]!, sql: await readFile(`${dir}/${file}`, 'utf8') });
  }
  return migrations;
}

/** Returns the versions applied by this call (empty when the schema was already current). */
export async function migrate(db: Db, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    // Deferred triggers (the page stamp's bump) fire at the end of each statement here, so a
    // migration may alter a table it or an earlier one wrote: ALTER TABLE refuses a table with
    // trigger events still pending. A migration that needs a deferred check sets it back itself.
    await tx.exec('SET CONSTRAINTS ALL IMMEDIATE');
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    integer     PRIMARY KEY,
      name       text        NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => r.version));
    const applied: number[] = [];
    for (const m of all) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        m.version,
        m.name,
      ]);
      applied.push(m.version);
    }
    return applied;
  });
}
