// `/perros/$id`: a dog's own page, drawn on the server with its data and the tags link previews
// read. A dog that does not exist (or was removed) is a Spanish 404 page with status 404.
import { createFileRoute, notFound } from '@tanstack/react-router';
import { DogPage, DogNotFound } from '@/app/pages/dog-page';
import { ApiError } from '@/lib/api-client';
import { dogQueryOptions } from '@/features/dogs/api/get-dog';
import { dogHead } from '@/features/dogs/dog-meta';

/** Only what a dog id can be; anything else is a page that does not exist. */
const parseId = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

export const Route = createFileRoute('/perros/$id')({
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    try {
      const dog = await context.queryClient.ensureQueryData(dogQueryOptions(id));
      return { head: dogHead(dog, context.origin) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => {
    if (!loaderData) {
      return {
        meta: [
          { title: 'Este perro ya no está publicado | Happy Dog' },
          { name: 'robots', content: 'noindex' },
        ],
      };
    }
    return loaderData.head;
  },
  component: function DogRoute() {
    return <DogPage id={Number(Route.useParams().id)} />;
  },
  notFoundComponent: DogNotFound,
});
