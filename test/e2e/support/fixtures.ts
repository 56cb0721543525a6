// The suite's `test`: one production server per worker, baseURL pointing at it, users made
// through the API, and a guard that fails a test on uncaught page errors or console errors.
import { readFileSync, statSync } from 'node:fs';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  createDog,
  loginUser,
  newDog,
  newUser,
  registerUser,
  type ApiUser,
  type TestUser,
} from './api';
import { startServer, type RunningServer } from './server';
import { untilHydrated } from './ui';

export { untilHydrated };

function logSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function readLogFrom(file: string, offset: number): string {
  try {
    return readFileSync(file).subarray(offset).toString('utf8');
  } catch {
    return '';
  }
}

export interface Account {
  user: TestUser;
  info: ApiUser;
  /** An API client logged in as this user (its own cookie jar, not the page's). */
  api: APIRequestContext;
}

interface WorkerFixtures {
  server: RunningServer;
}

interface TestFixtures {
  /** Registers and logs in a fresh user through the API. */
  makeAccount: () => Promise<Account>;
  /** Errors the page printed; checked after every test. */
  pageErrors: string[];
  /** On failure, attaches what the server logged during the test. */
  serverLog: void;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    async ({ playwright }, use, workerInfo) => {
      const server = await startServer(`w${workerInfo.workerIndex}`);
      try {
        if (server.postgres) {
          // A real PostgreSQL gets no demo dogs: give the carousel something to show.
          const api = await playwright.request.newContext({ baseURL: server.url });
          try {
            const owner = newUser();
            await registerUser(api, owner);
            await loginUser(api, owner);
            for (let i = 0; i < 5; i++) await createDog(api, newDog());
          } catch (error) {
            const log = readLogFrom(server.logFile, 0).split('\n').slice(-30).join('\n');
            throw new Error(
              `Seeding the PostgreSQL server failed: ${(error as Error).message}\n${log}`,
            );
          } finally {
            await api.dispose();
          }
        }
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.url);
  },

  makeAccount: async ({ playwright, baseURL }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async () => {
      const api = await playwright.request.newContext({ baseURL });
      contexts.push(api);
      const user = newUser();
      await registerUser(api, user);
      const info = await loginUser(api, user);
      return { user, info, api };
    });
    await Promise.all(contexts.map((c) => c.dispose()));
  },

  serverLog: [
    async ({ server }, use, testInfo) => {
      const start = logSize(server.logFile);
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        const written = readLogFrom(server.logFile, start);
        if (written)
          await testInfo.attach('server-log', { body: written, contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],

  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror on ${page.url()}: ${error.message}`));
      page.on('console', (message) => {
        // Chromium logs every non-2xx response (e.g. the 401 of /api/user/me for a visitor).
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(`console.error on ${page.url()}: ${message.text()}`);
        }
      });
      await use(errors);
      expect(errors, 'the page printed no errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Logs the page's browser context in as `user` through the API (the page shares the cookie).
 * The open page is hydrated first: a session that changes under a page still being hydrated is
 * another visit's, which React would draw again and report.
 */
export async function loginBrowser(page: Page, user: TestUser): Promise<ApiUser> {
  await untilHydrated(page);
  return loginUser(page.context().request, user);
}
