// GET /api/site: who runs the site and how to reach them, as the server is configured. Asked once
// per page load (the root route makes sure of it before drawing), then kept in the cache.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { SiteIdentity } from '@/shared/site';

export const siteQueryOptions = () =>
  queryOptions({
    queryKey: ['site'] as const,
    queryFn: ({ client }: { client: QueryClient }) =>
      apiCall((api) => api.get('site').json<SiteIdentity>(), client),
    staleTime: Infinity,
  });

/** The site's identity; undefined only if it could not be loaded (the parts naming it then hide). */
export function useSite(): SiteIdentity | undefined {
  return useQuery(siteQueryOptions()).data;
}
