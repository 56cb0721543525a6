// `npm test`: typecheck, lint, the vitest suites (server + web), then the browser suite.
// Exits non-zero when any step fails; says plainly when the browser suite was skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const isCI = process.env.CI === 'true' || process.env.CI === '1';
const results = [];

/** `report` is a JSON report the step writes; its failed tests are named again in the summary. */
function step(name, cmd, args, env = {}, report = undefined) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  if (report) rmSync(report.file, { force: true });
  const started = Date.now();
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = run.status === 0;
  const failures = !ok && report ? failuresIn(report) : [];
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1), failures });
  return ok;
}

const firstLine = (text) =>
  String(text ?? '')
    // Colour codes out (ESC [ … m).
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean) ?? '';

/** "file › test: first line of the error" for each failed test of a Vitest or Playwright report. */
function failuresIn({ file, kind }) {
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [`(no report at ${file}: the run ended before writing it)`];
  }
  const found = [];
  if (kind === 'vitest') {
    for (const suite of data.testResults ?? []) {
      const where = relative(process.cwd(), suite.name);
      const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failed)
        found.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      if (suite.status === 'failed' && failed.length === 0)
        found.push(`${where}: ${firstLine(suite.message)}`);
    }
  } else {
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
          const error = t.results?.find((r) => r.error)?.error?.message;
          found.push(
            `${spec.file}:${spec.line} › ${spec.title} (${t.status}): ${firstLine(error)}`,
          );
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of data.suites ?? []) walk(suite);
    for (const error of data.errors ?? []) found.push(`(run error) ${firstLine(error.message)}`);
  }
  return found;
}

const bin = (name) => `node_modules/.bin/${name}`;
step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('lint', bin('eslint'), ['.']);
const vitestReport = 'test-results/vitest-report.json';
step(
  'unit, component and API tests',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  {},
  { file: vitestReport, kind: 'vitest' },
);

const hasE2E =
  existsSync('test/e2e') && readdirSync('test/e2e').some((f) => f.endsWith('.spec.ts'));
let skipped = '';
if (hasE2E) {
  if (existsSync(chromium)) {
    // The report's name follows playwright.config.ts (its output folder + "-report.json").
    const report = (folder) => ({
      file: `${process.env.E2E_OUTPUT_DIR ?? `test-results/${folder}`}-report.json`,
      kind: 'playwright',
    });
    step('browser tests (embedded database)', bin('playwright'), ['test'], {}, report('embedded'));
    if (process.env.TEST_DATABASE_URL) {
      step(
        'browser tests (PostgreSQL: the journeys with data)',
        bin('playwright'),
        ['test'],
        { E2E_DATABASE_URL: process.env.TEST_DATABASE_URL },
        report('postgres'),
      );
    }
  } else if (isCI) {
    console.error(`\n✖ Chromium not found at ${chromium}; CI must run the browser suite.`);
    results.push({ name: 'browser tests', ok: false, seconds: '0.0' });
  } else {
    skipped = `Browser suite SKIPPED: Chromium not found at ${chromium}. Install it with \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH) and run \`npm test\` again.`;
  }
}

console.log('\nSummary');
for (const r of results) {
  console.log(`  ${r.ok ? '✔' : '✖'} ${r.name} (${r.seconds} s)`);
  for (const failure of r.failures ?? []) console.log(`      ✖ ${failure}`);
}
if (skipped) console.log(`\n⚠ ${skipped}`);
const failed = results.filter((r) => !r.ok).length;
process.exit(failed ? 1 : 0);
