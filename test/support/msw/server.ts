// MSW in Node for the web tests: one shared MockDb, reset after every test by web-setup.ts.
import { setupServer } from 'msw/node';
import { createHandlers } from './handlers';
import { MockDb } from './mock-db';

export const mockDb = new MockDb();
export const server = setupServer(...createHandlers(mockDb));
