// Any other path goes to the landing page.
import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
