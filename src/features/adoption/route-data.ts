// What /mis-perros and /mis-solicitudes need besides their components — the queries and the stylesheets of the page the
// server draws — in one chunk its loader imports, so the code every page loads first (route files
// included) stays small.
import myDogsHeadCss from './components/my-dogs-head.css?url';

import type { QueryClient } from '@tanstack/react-query';
import { interestsQueryOptions, myDogsQueryOptions } from './api/interest-keys';

export const myDogsStylesheets = [{ rel: 'stylesheet', href: myDogsHeadCss }];

/** The route's loader: the lists (not thrown on failure: the screen then offers to retry). */
export async function loadMyDogs(queryClient: QueryClient) {
  await Promise.all([
    queryClient.prefetchQuery(myDogsQueryOptions()),
    queryClient.prefetchQuery(interestsQueryOptions('received')),
    queryClient.prefetchQuery(interestsQueryOptions('sent')),
  ]);
  return { links: myDogsStylesheets };
}

/** /mis-solicitudes' loader: the requests sent (not thrown on failure: the screen offers to retry). */
export async function loadMyApplications(queryClient: QueryClient) {
  await queryClient.prefetchQuery(interestsQueryOptions('sent'));
  return { links: myDogsStylesheets };
}
