// `npm run dev`: the API server in watch mode on API_PORT (default 3001) plus Vite with hot reload
// (vite.config.ts proxies /api to it). Ctrl-C or SIGTERM stops both; if one dies, so does the other.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';
const bin = (...parts) => join(root, 'node_modules', ...parts);

const children = [
  spawn(
    process.execPath,
    [bin('tsx', 'dist', 'cli.mjs'), 'watch', '--clear-screen=false', 'src/server/server.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort },
    },
  ),
  spawn(process.execPath, [bin('vite', 'bin', 'vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  }),
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
