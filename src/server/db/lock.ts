// A lock file in DATA_DIR: two processes opening one embedded database would corrupt it.
//
// The file names its holder by pid and by that process's start time (field 22 of
// /proc/<pid>/stat, in clock ticks since boot). A pid alone is not enough: after a reboot or in a
// container the same pid may belong to an unrelated process (often PID 1), and such a lock must
// not block start-up forever. A lock is honoured only while its pid is alive AND, where the
// system tells start times, that process started when the lock says it did.
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

export interface LockHolder {
  pid: number;
  /** Start time of the process in clock ticks since boot; absent in locks of the old format. */
  startTime: string | null;
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

/** Field 22 of /proc/<pid>/stat, or null where /proc does not tell (not Linux, gone). */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 is the command name in parentheses and may itself contain spaces and ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const value = fields[22 - 3];
    return value && /^\d+$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** Whether the process looks like a Happy Dog server, or null where that cannot be told. */
function looksLikeHappyDogServer(pid: number): boolean | null {
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return null;
  }
  return /scripts[/\\]start\.mjs|src[/\\]server[/\\]server\.ts/.test(cmdline);
}

/** Parses both formats: `pid\n` (old) and `pid\nstart=<ticks>\n`. */
export function readLockHolder(path: string): LockHolder | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const [first = '', ...rest] = text.split('\n');
  if (!/^\d+$/.test(first.trim())) return null;
  const pid = Number.parseInt(first.trim(), 10);
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  const start = rest.map((line) => /^start=(\d+)$/.exec(line.trim())?.[1]).find(Boolean);
  return { pid, startTime: start ?? null };
}

/**
 * Whether the lock still belongs to a running server. The holder's pid must be alive and not be
 * ours (a lock with our own pid was left by an earlier life of this container). With a start
 * time in the lock, the live process must have started then; an old-format lock is honoured
 * only when the process looks like a Happy Dog server (or when /proc cannot tell).
 */
function holderIsLive(holder: LockHolder, self = process.pid): boolean {
  if (holder.pid === self || !isAlive(holder.pid)) return false;
  const actual = processStartTime(holder.pid);
  if (holder.startTime !== null) return actual === null || actual === holder.startTime;
  return looksLikeHappyDogServer(holder.pid) ?? true;
}

function lockContent(pid: number): string {
  const start = processStartTime(pid);
  return start === null ? `${pid}\n` : `${pid}\nstart=${start}\n`;
}

function inUse(dataDir: string, pid: number): LockError {
  return new LockError(
    `DATA_DIR ${dataDir} is already in use by another Happy Dog server (pid ${pid}); ` +
      `stop it first or start this one with a different DATA_DIR.`,
  );
}

/**
 * Takes DATA_DIR for this process or throws LockError naming the live holder.
 * A lock left by a dead process (kill -9, power cut) or by a pid now reused is taken over.
 */
export function acquireDataDirLock(dataDir: string, pid = process.pid): DataDirLock {
  const path = join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(path, lockContent(pid), { flag: 'wx', mode: 0o600 });
      return {
        path,
        release() {
          // Only remove the file while it is still ours.
          if (readLockHolder(path)?.pid === pid) {
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
    const holder = readLockHolder(path);
    if (holder !== null && holderIsLive(holder, pid)) throw inUse(dataDir, holder.pid);
    // Stale: move it aside atomically, so two processes taking over cannot both succeed.
    const aside = `${path}.stale-${pid}-${attempt}`;
    try {
      renameSync(path, aside);
    } catch {
      continue; // someone else moved it first; try again from the top
    }
    const moved = readLockHolder(aside);
    if (
      moved !== null &&
      (moved.pid !== holder?.pid || moved.startTime !== holder.startTime) &&
      holderIsLive(moved, pid)
    ) {
      // We raced and moved a fresh, live lock: put it back and give up.
      renameSync(aside, path);
      throw inUse(dataDir, moved.pid);
    }
    try {
      unlinkSync(aside);
    } catch {
      /* ignore */
    }
  }
  throw new LockError(`Could not take the lock file ${path}; remove it if no server is running.`);
}
