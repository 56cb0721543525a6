// MSW in Node for the web tests: one shared MockDb, reset after every test by web-setup.ts.
import { setupServer } from 'msw/node';
import type { LostFoundFlagGroup } from '@/shared/lost-found';
import { createHandlers, lostFoundFlagHandlers } from './handlers';
import { MockDb } from './mock-db';

export const mockDb = new MockDb();
export const server = setupServer(...createHandlers(mockDb));

/** Answers the admins' complaint routes over these groups; what the admin did is in the log. */
export function lostFoundFlagsApi(groups: LostFoundFlagGroup[]): string[] {
  const log: string[] = [];
  server.use(...lostFoundFlagHandlers(groups, log));
  return log;
}
