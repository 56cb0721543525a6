// The heart, loaded as a chunk of its own: its stylesheet then has the chunk's name in every
// build, the name the server links (route-data.ts, catalog-stylesheets.ts) for pages it draws.
import { lazy, Suspense, type ComponentProps } from 'react';

const FavoriteButton = lazy(() =>
  import('./favorite-button').then((module) => ({ default: module.FavoriteButton })),
);

export function Heart(props: ComponentProps<typeof FavoriteButton>) {
  return (
    <Suspense fallback={null}>
      <FavoriteButton {...props} />
    </Suspense>
  );
}
