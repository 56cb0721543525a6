// Folders the server reads at run time, found from the project's root: this module runs from
// src/server (sources through tsx, tests) and from the compiled bundle in build/server alike.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Happy Dog: package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = projectRoot();
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'src', 'server', 'db', 'migrations');
