// `npm run dev`: builds the app once, then rebuilds it on every change (`vite build --watch`: the
// browser files and the server entry that draws the pages) while the server runs in watch mode
// on PORT (default 3000) and draws each page with the newest build. Reload the browser to see a
// change. Ctrl-C or SIGTERM stops both; if one dies, so does the other.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (...parts) => join(root, 'node_modules', ...parts);
const vite = bin('vite', 'bin', 'vite.js');

const first = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [
  spawn(process.execPath, [vite, 'build', '--watch'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  }),
  spawn(
    process.execPath,
    [bin('tsx', 'dist', 'cli.mjs'), 'watch', '--clear-screen=false', 'src/server/server.ts'],
    { cwd: root, stdio: 'inherit', env: process.env },
  ),
];

let exiting = false;
function stopAll(signal, code) {
  if (exiting) return;
  exiting = true;
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  // Give them time to shut down cleanly, then make sure nothing is left behind.
  const timer = setTimeout(() => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    process.exit(code);
  }, 10_000);
  timer.unref();
  Promise.all(
    children.map((c) =>
      c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r)),
    ),
  ).then(() => process.exit(code));
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(signal, 0));
for (const child of children) {
  child.on('exit', (code) => stopAll('SIGTERM', code ?? 1));
}
