// Browser suite: Debian's Chromium against the production server (`node scripts/start.mjs`).
// Each Playwright worker boots its own server on a free port with its own data (see
// test/e2e/support/fixtures.ts), so parallel journeys never see each other's dogs.
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/support/local-processes';

const isCI = process.env.CI === 'true' || process.env.CI === '1';
// One folder per storage, so the PostgreSQL run of `npm test` keeps the embedded run's
// artifacts; E2E_OUTPUT_DIR lets another run in the same tree keep its own.
const outputDir =
  process.env.E2E_OUTPUT_DIR ??
  (process.env.E2E_DATABASE_URL ? 'test-results/postgres' : 'test-results/embedded');

// Journeys that only look at the screen (layout, keyboard, motion, accessibility, the first view's
// code): the same with either storage behind the API, so the PostgreSQL run leaves them to the
// embedded run unless E2E_ALL_SPECS=1. Every journey that writes or reads data runs on both.
const SCREEN_ONLY_SPECS = [
  'accessibility',
  'carousel',
  'catalogue-phone',
  'first-view',
  'gallery',
  'keyboard',
  'layout',
  'page-layout',
  'server-files',
  'words',
].map((name) => `**/${name}.spec.ts`);
const onPostgres = Boolean(process.env.E2E_DATABASE_URL);

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  testIgnore: onPostgres && process.env.E2E_ALL_SPECS !== '1' ? SCREEN_ONLY_SPECS : [],
  outputDir,
  globalSetup: './test/e2e/support/global-setup.ts',
  fullyParallel: false,
  // Two cores: one server + one browser per worker.
  workers: 2,
  retries: 0,
  forbidOnly: isCI,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  // The JSON report lets `npm test` name every failed journey again in its last lines.
  reporter: [
    ['list'],
    ...(isCI ? [['github'] as const] : []),
    ['json', { outputFile: `${outputDir}-report.json` }],
  ],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    // Journeys run with reduced motion so the autoplaying carousel stays still under the
    // pointer; the carousel's own tests switch motion back on.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: onPostgres ? 'chromium-postgres' : 'chromium-embedded',
    },
  ],
});
