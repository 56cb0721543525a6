// The landing page (/ and /home): hero, about, tour, the dog carousel and the footer. It also
// resumes a pending 'Contacto info' once the visitor is logged in.
import { lazy, memo, Suspense } from 'react';
import { anchors, footerId } from '@/config/anchors';
import { loadWhenNear } from '@/lib/load-when-near';
import type { RouterContext } from '@/app/router-context';
import { useContactResume } from '@/app/dog-modal/use-contact-resume';
import { dogsInfiniteQueryOptions } from '@/features/dogs/api/get-dogs';
import { AdoptSection } from './adopt-section';
import { useLandingIntents } from './use-landing-intents';
import { HeroSection } from './hero-section';
// The footer's styles come with the page (its code comes later).
import './site-footer.module.css';

// Below the fold: drawn by the server; their code downloads when they come near the screen, and
// React hydrates them then (a click on them meanwhile is replayed by React once they are).
const AboutSection = lazy(
  loadWhenNear(anchors.about, '0px', () =>
    import('./about-section').then((m) => ({ default: m.AboutSection })),
  ),
);
const TourSection = lazy(
  loadWhenNear(anchors.tour, '0px', () =>
    import('./tour-section').then((m) => ({ default: m.TourSection })),
  ),
);
const SiteFooter = lazy(
  loadWhenNear(footerId, '0px', () =>
    import('./site-footer').then((m) => ({ default: m.SiteFooter })),
  ),
);

/**
 * The first page of dogs: the server waits for it so the cards are in the first HTML; in the
 * browser (a later visit to the route) the carousel shows its own loading state meanwhile.
 */
export async function loadLanding({ context }: { context: RouterContext }) {
  const first = context.queryClient.prefetchInfiniteQuery(dogsInfiniteQueryOptions());
  if (typeof document === 'undefined') await first;
}

/** What the address or a pending contact asks for: re-renders on its own when they change. */
function LandingIntents() {
  useContactResume();
  useLandingIntents();
  return null;
}

/**
 * Memoised: dropping `?perro=` from the address must not re-render the sections, because an
 * update that reaches a section React has not hydrated yet (its code is still on its way) makes
 * React throw the server's HTML away and draw the section again from scratch.
 */
export const LandingPage = memo(function LandingPage() {
  return (
    <>
      <LandingIntents />
      <main id="contenido" tabIndex={-1}>
        <HeroSection />
        <Suspense>
          <AboutSection />
        </Suspense>
        <Suspense>
          <TourSection />
        </Suspense>
        <AdoptSection />
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
    </>
  );
});
