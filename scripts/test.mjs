// `npm test`: typecheck, lint, the vitest suites (server + web), then the browser suite.
// Exits non-zero when any step fails; says plainly when the browser suite was skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const isCI = process.env.CI === 'true' || process.env.CI === '1';
const results = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = run.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

const bin = (name) => `node_modules/.bin/${name}`;
step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('lint', bin('eslint'), ['.']);
step('unit, component and API tests', bin('vitest'), ['run']);

const hasE2E =
  existsSync('test/e2e') && readdirSync('test/e2e').some((f) => f.endsWith('.spec.ts'));
let skipped = '';
if (hasE2E) {
  if (existsSync(chromium)) {
    step('browser tests (embedded database)', bin('playwright'), ['test']);
    if (process.env.TEST_DATABASE_URL) {
      step('browser tests (PostgreSQL)', bin('playwright'), ['test'], {
        E2E_DATABASE_URL: process.env.TEST_DATABASE_URL,
      });
    }
  } else if (isCI) {
    console.error(`\n✖ Chromium not found at ${chromium}; CI must run the browser suite.`);
    results.push({ name: 'browser tests', ok: false, seconds: '0.0' });
  } else {
    skipped = `Browser suite SKIPPED: Chromium not found at ${chromium}. Install it with \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH) and run \`npm test\` again.`;
  }
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✖'} ${r.name} (${r.seconds} s)`);
if (skipped) console.log(`\n⚠ ${skipped}`);
const failed = results.filter((r) => !r.ok).length;
process.exit(failed ? 1 : 0);
