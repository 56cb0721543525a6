// `/perros`: the catalogue. Its filters are the address's search params (validated here), so a
// filtered list can be shared and Back restores it; the server draws the first page and the count.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { CatalogPage } from '@/app/pages/catalog-page';
import { validateCatalogSearch, type CatalogFilters } from '@/features/dogs/catalog-search';
import { catalogQueries } from '@/features/dogs/api/catalog-queries';
import { catalogHead } from '@/features/dogs/dog-meta';

function CatalogRoute() {
  const filters = Route.useSearch();
  const navigate = useNavigate();
  return (
    <CatalogPage
      filters={filters}
      onFiltersChange={(next: CatalogFilters) => void navigate({ to: '/perros', search: next })}
    />
  );
}

export const Route = createFileRoute('/perros/')({
  // A public page: listed in the sitemap.
  staticData: { sitemap: true },
  validateSearch: validateCatalogSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const queries = catalogQueries(deps);
    // Not thrown on failure: the page then says so and offers to retry.
    const loads = Promise.all([
      context.queryClient.prefetchInfiniteQuery(queries.list),
      context.queryClient.prefetchQuery(queries.count),
    ]);
    // The server waits, so the cards are in the first HTML; the browser shows the page at once.
    if (typeof document === 'undefined') await loads;
    return { head: catalogHead(context.origin) };
  },
  head: ({ loaderData }) => ({
    meta: loaderData?.head.meta ?? [{ title: 'Perros en adopción | Happy Dog' }],
    links: loaderData?.head.links ?? [],
  }),
  component: CatalogRoute,
});
