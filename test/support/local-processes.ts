// What the browser suite, the process tests and the benchmark share about running things on this
// machine: Debian's Chromium and its flags, free ports, child processes and their logs.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Debian's Chromium (never a downloaded browser). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags for this machine: root, no GPU, and a closed network that refuses Google's hosts. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Node flags `npm start` runs the server with (package.json's start script; README, "Memory
 * a deployment needs"), for the benchmark and the soak, which start `scripts/start.mjs` directly.
 * An explicit V8 heap limit also makes V8 collect a busy server's garbage sooner: without it, on
 * a machine with many GB, V8 lets the heap grow to about four times what is live before a full
 * collection. A larger WebAssembly tiering budget keeps V8 from optimizing the embedded
 * database's start-up code, which runs once: about a second of CPU less before the first answer,
 * while the code that queries keep running is still optimized within moments.
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=512', '--wasm-tiering-budget=50000000'];

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** The last `lines` lines of a log file, for error messages. */
export function tailOf(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** True once `child` has exited, false if it is still running after `ms`. */
export async function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (hasExited(child)) return true;
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}
