// `/`: the landing page.
import { createFileRoute } from '@tanstack/react-router';
import { landingHead } from '@/app/landing/landing-head';
import { LandingPage, loadLanding } from '@/app/landing/landing-page';
import { validateLandingSearch } from '@/app/landing/landing-search';

export const Route = createFileRoute('/')({
  // A public page: listed in the sitemap.
  staticData: { sitemap: true },
  validateSearch: validateLandingSearch,
  loader: loadLanding,
  head: ({ match }) => landingHead(match.context.origin),
  component: LandingPage,
});
