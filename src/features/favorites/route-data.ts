// What /guardados needs besides its component — the list's query and the stylesheets of the page
// the server draws — in one chunk its loader imports, so the code every page loads first (route
// files included) stays small.
import savedDogsHeadCss from './components/saved-dogs-head.css?url';

import type { QueryClient } from '@tanstack/react-query';
import { favoritesQueryOptions } from './api/favorites-query';

export const savedDogsStylesheets = [{ rel: 'stylesheet', href: savedDogsHeadCss }];

/** The route's loader: the list (not thrown on failure: the screen then offers to retry). */
export async function loadSavedDogs(queryClient: QueryClient) {
  await queryClient.prefetchQuery(favoritesQueryOptions());
  return { links: savedDogsStylesheets };
}
