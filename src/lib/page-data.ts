// The query data the server drew the page with, as it arrived in the page. A part hydrated later
// (its code downloads when it nears the screen) must first render exactly what the server drew,
// even if the cache has moved on meanwhile (a dog published in the meantime); it then renders
// again with the current data.
import {
  hashKey,
  useQueryClient,
  type DehydratedState,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';

const pageData = new WeakMap<QueryClient, DehydratedState>();

export function rememberPageData(queryClient: QueryClient, state: DehydratedState): void {
  pageData.set(queryClient, state);
}

/** The data of `queryKey` in the page's hydration data (undefined when the page had none). */
export function usePageData<T>(queryKey: QueryKey): T | undefined {
  const state = pageData.get(useQueryClient());
  if (!state) return undefined;
  const hash = hashKey(queryKey);
  return state.queries.find((query) => query.queryHash === hash)?.state.data as T | undefined;
}
