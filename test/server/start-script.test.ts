// `npm start` and the tools that start scripts/start.mjs directly (the benchmark and the soak,
// whose memory figures stand for a deployment's) run the server with the same Node flags.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/paths';
import { SERVER_NODE_FLAGS } from '../support/local-processes';

it('npm start runs the server with the Node flags the benchmark and the soak use', () => {
  const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const command = pkg.scripts.start.split(' ');
  const node = command.indexOf('node');
  expect(node).toBeGreaterThanOrEqual(0);
  expect(command.slice(node + 1)).toEqual([...SERVER_NODE_FLAGS, 'scripts/start.mjs']);
  // A heap limit a small server can hold, far above what the server keeps live (about 45 MB).
  expect(SERVER_NODE_FLAGS).toContain('--max-old-space-size=512');
  // V8's default (1,800,000) spends about a second of CPU at the first start optimizing code the
  // embedded database runs once while it boots.
  expect(SERVER_NODE_FLAGS).toContain('--wasm-tiering-budget=50000000');
});
