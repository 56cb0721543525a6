// MSW handlers for the API, one module per resource, built on the shared zod contracts over a
// MockDb. Tests override single routes with `server.use(...)` to produce errors or data the
// defaults do not have; test/server/msw-contract.test.ts replays requests against these handlers
// and the real app and fails where they disagree.
import type { MockDb } from '../mock-db';
import { accountHandlers } from './account';
import { alertHandlers } from './alerts';
import { dogHandlers } from './dogs';
import { favoriteHandlers } from './favorites';
import { followUpHandlers } from './follow-up';
import { interestHandlers } from './interests';
import { orgHandlers } from './orgs';
import { photoHandlers } from './photos';
import { sessionHandlers } from './session';
import { siteHandlers } from './site';

export { API, apiError } from './common';
export { lostFoundFlagHandlers } from './moderation';
export { mockPhoto } from './photos';
export { TEST_SITE } from './site';

export function createHandlers(db: MockDb) {
  return [
    ...siteHandlers(),
    ...sessionHandlers(db),
    ...accountHandlers(db),
    ...photoHandlers(db),
    ...dogHandlers(db),
    ...favoriteHandlers(db),
    ...interestHandlers(db),
    ...followUpHandlers(db),
    ...alertHandlers(db),
    ...orgHandlers(db),
  ];
}
