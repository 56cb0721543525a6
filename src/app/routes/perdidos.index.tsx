// `/perdidos`: lost and found dogs. Its filters are the address's search params (validated here);
// the server draws the list.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { LostFoundListPage as ListPage } from '@/app/pages/lost-found/lost-found-list-page';
import { validateLostFoundSearch, type LostFoundSearch } from '@/features/lost-found/search';
import { lostFoundListQuery } from '@/features/lost-found/api/lost-found-api';
import { listHead } from '@/features/lost-found/meta';

function ListRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  return (
    <ListPage
      search={search}
      onSearchChange={(next: LostFoundSearch) => void navigate({ to: '/perdidos', search: next })}
    />
  );
}

export const Route = createFileRoute('/perdidos/')({
  // A public page: listed in the sitemap.
  staticData: { sitemap: true },
  validateSearch: validateLostFoundSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    // Not thrown on failure: the page then says so and offers to retry.
    const load = context.queryClient.prefetchQuery(lostFoundListQuery(deps));
    if (typeof document === 'undefined') await load;
    return { head: listHead(context.origin) };
  },
  head: ({ loaderData }) => ({
    meta: loaderData?.head.meta ?? [{ title: 'Perros perdidos y encontrados | Happy Dog' }],
    links: loaderData?.head.links ?? [],
  }),
  component: ListRoute,
});
