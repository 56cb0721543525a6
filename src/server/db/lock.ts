// A pid lock file in DATA_DIR: two processes opening one embedded database would corrupt it.
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'happydog.lock';

export class LockError extends Error {
  override name = 'LockError';
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes DATA_DIR for this process or throws LockError naming the live holder.
 * A lock left by a dead process (kill -9, power cut) is taken over.
 */
export function acquireDataDirLock(dataDir: string, pid = process.pid): DataDirLock {
  const path = join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(path, `${pid}\n`, { flag: 'wx', mode: 0o644 });
      return {
        path,
        release() {
          // Only remove the file while it is still ours.
          if (readPid(path) === pid) {
            try {
              unlinkSync(path);
            } catch {
              /* already gone */
            }
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readPid(path);
    // The holder's pid may equal ours after a container restart: that lock is stale too.
    if (holder !== null && holder !== pid && isAlive(holder)) {
      throw new LockError(
        `DATA_DIR ${dataDir} is already in use by another Happy Dog server (pid ${holder}); ` +
          `stop it first or start this one with a different DATA_DIR.`,
      );
    }
    // Stale: move it aside atomically, so two processes taking over cannot both succeed.
    const aside = `${path}.stale-${pid}-${attempt}`;
    try {
      renameSync(path, aside);
    } catch {
      continue; // someone else moved it first; try again from the top
    }
    const moved = readPid(aside);
    if (moved !== holder && moved !== null && moved !== pid && isAlive(moved)) {
      // We raced and moved a fresh, live lock: put it back and give up.
      renameSync(aside, path);
      throw new LockError(
        `DATA_DIR ${dataDir} is already in use by another Happy Dog server (pid ${moved}); ` +
          `stop it first or start this one with a different DATA_DIR.`,
      );
    }
    try {
      unlinkSync(aside);
    } catch {
      /* ignore */
    }
  }
  throw new LockError(`Could not take the lock file ${path}; remove it if no server is running.`);
}
