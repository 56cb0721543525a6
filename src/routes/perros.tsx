// `/perros`: the catalogue. Its filters are the address's search params (validated here), so a
// filtered list can be shared and Back restores it; the server draws the first page and the count.
import { createRoute, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { validateCatalogSearch, type CatalogFilters } from '@/features/dogs/catalog-search';
import { rootRoute } from './__root';

const CatalogPage = lazyRouteComponent(() => import('@/app/pages/catalog-page'), 'CatalogPage');

function CatalogRoute() {
  const filters = route.useSearch();
  const navigate = useNavigate();
  return (
    <CatalogPage
      filters={filters}
      onFiltersChange={(next: CatalogFilters) => void navigate({ to: '/perros', search: next })}
    />
  );
}

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/perros',
  validateSearch: validateCatalogSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    // What the page needs besides its component loads with its data: every page's first code
    // (route files included) stays small.
    const data = await import('@/features/dogs/route-data');
    const queries = data.catalogQueries(deps);
    // Not thrown on failure: the page then says so and offers to retry.
    const loads = Promise.all([
      context.queryClient.prefetchInfiniteQuery(queries.list),
      context.queryClient.prefetchQuery(queries.count),
    ]);
    // The server waits, so the cards are in the first HTML; the browser shows the page at once.
    if (typeof document === 'undefined') await loads;
    const head = data.catalogHead(context.origin);
    return { head: { meta: head.meta, links: [...data.catalogStylesheets, ...head.links] } };
  },
  head: ({ loaderData }) => ({
    meta: loaderData?.head.meta ?? [{ title: 'Perros en adopción | Happy Dog' }],
    links: loaderData?.head.links ?? [],
  }),
  component: CatalogRoute,
});
