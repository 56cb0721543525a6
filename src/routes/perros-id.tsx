// `/perros/$id`: a dog's own page, drawn on the server with its data and the tags link previews
// read. A dog that does not exist (or was removed) is a Spanish 404 page with status 404.
import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { ApiError } from '@/lib/api-client';
import { rootRoute } from './__root';

const loadDogPage = () => import('@/app/pages/dog-page');
const DogPage = lazyRouteComponent(loadDogPage, 'DogPage');
/** The Spanish 404 page of a dog that does not exist (in the page's chunk: rare, not first code). */
const DogNotFound = lazyRouteComponent(loadDogPage, 'DogNotFound');

/** Only what a dog id can be; anything else is a page that does not exist. */
const parseId = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/perros/$id',
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    try {
      // What the page needs besides its component loads with its data: every page's first code
      // (route files included) stays small.
      const data = await import('@/features/dogs/route-data');
      const dog = await context.queryClient.ensureQueryData(data.dogQueryOptions(id));
      const head = data.dogHead(dog, context.origin);
      return { head: { meta: head.meta, links: [...data.dogPageStylesheets, ...head.links] } };
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
    return <DogPage id={Number(route.useParams().id)} />;
  },
  notFoundComponent: DogNotFound,
});
