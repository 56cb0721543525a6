// One directory per run for the servers' data, logs and pid files; the returned teardown stops
// any server a crashed worker left behind (by its pid) and drops leftover e2e databases.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, signalGroup } from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'happydog-e2e-'));
  // Workers inherit the runner's environment.
  process.env.E2E_RUN_DIR = dir;
  console.log(
    `[e2e] data in ${dir}; storage: ${process.env.E2E_DATABASE_URL ? 'PostgreSQL (E2E_DATABASE_URL)' : 'embedded PGlite'}`,
  );

  return async () => {
    for (const entry of readdirSync(dir)) {
      if (entry.startsWith('pid-')) {
        const pid = Number(readFileSync(join(dir, entry), 'utf8'));
        if (pid > 0) signalGroup(pid, 'SIGKILL');
      } else if (entry.startsWith('db-')) {
        const adminUrl = readFileSync(join(dir, entry), 'utf8');
        await dropDatabase(adminUrl, entry.slice(3)).catch((error: unknown) => {
          console.warn(`[e2e] could not drop ${entry.slice(3)}: ${(error as Error).message}`);
        });
      }
    }
    if (!process.env.E2E_KEEP_DATA) rmSync(dir, { recursive: true, force: true });
  };
}
