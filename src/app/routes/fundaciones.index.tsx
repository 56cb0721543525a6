// `/fundaciones`: the foundations, rescuers and shelters, drawn on the server with their list.
import { createFileRoute } from '@tanstack/react-router';
import { OrgListScreen } from '@/features/orgs/components/org-list-screen';
import { orgListQueryOptions } from '@/features/orgs/api/orgs';

const DESCRIPTION =
  'Fundaciones, rescatistas independientes y refugios que dan perros en adopción en Cali. Las verificadas fueron revisadas por el equipo de Happy Dog.';

export const Route = createFileRoute('/fundaciones/')({
  // A public page: listed in the sitemap.
  staticData: { sitemap: true },
  // Not thrown on failure: the screen then says so.
  loader: async ({ context }) => {
    await context.queryClient.prefetchQuery(orgListQueryOptions());
  },
  head: () => ({
    meta: [
      { title: 'Fundaciones y rescatistas | Happy Dog' },
      { name: 'description', content: DESCRIPTION },
    ],
  }),
  component: OrgListScreen,
});
