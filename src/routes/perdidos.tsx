// `/perdidos`: lost and found dogs. Its filters are the address's search params (validated here);
// the server draws the list.
import { createRoute, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { validateLostFoundSearch, type LostFoundSearch } from '@/features/lost-found/search';
import { rootRoute } from './__root';

const ListPage = lazyRouteComponent(
  () => import('@/app/pages/lost-found/lost-found-list-page'),
  'LostFoundListPage',
);

function ListRoute() {
  const search = route.useSearch();
  const navigate = useNavigate();
  return (
    <ListPage
      search={search}
      onSearchChange={(next: LostFoundSearch) => void navigate({ to: '/perdidos', search: next })}
    />
  );
}

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/perdidos',
  validateSearch: validateLostFoundSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const data = await import('@/features/lost-found/route-data');
    // Not thrown on failure: the page then says so and offers to retry.
    const load = context.queryClient.prefetchQuery(data.lostFoundListQuery(deps));
    if (typeof document === 'undefined') await load;
    const head = data.listHead(context.origin);
    return { head: { meta: head.meta, links: [...data.lostFoundStylesheets, ...head.links] } };
  },
  head: ({ loaderData }) => ({
    meta: loaderData?.head.meta ?? [{ title: 'Perros perdidos y encontrados | Happy Dog' }],
    links: loaderData?.head.links ?? [],
  }),
  component: ListRoute,
});
