// The landing page (/ and /home): hero, about, tour, the dog carousel and the footer. It also
// resumes a pending 'Contacto info' once the visitor is logged in.
import { deferred } from '@/components/deferred';
import { anchors, footerId } from '@/config/site';
import { useContactResume } from '@/features/dogs/hooks/use-contact-resume';
import { AdoptSection } from './adopt-section';
import { HeroSection } from './hero-section';
// The deferred parts' styles come with the first view: the server draws them before their code.
import './landing.module.css';
import './site-footer.module.css';

// Below the fold and static (text, and links that work as plain HTML): the server draws them, and
// their code loads only once they are on screen.
const AboutSection = deferred({
  nearId: anchors.about,
  margin: '0px',
  load: () => import('./about-section').then((module) => module.AboutSection),
});
const TourSection = deferred({
  nearId: anchors.tour,
  margin: '0px',
  load: () => import('./tour-section').then((module) => module.TourSection),
});
const SiteFooter = deferred({
  nearId: footerId,
  margin: '0px',
  load: () => import('./site-footer').then((module) => module.SiteFooter),
});

export function LandingPage() {
  useContactResume();
  return (
    <>
      <main id="contenido" tabIndex={-1}>
        <HeroSection />
        <AboutSection />
        <TourSection />
        <AdoptSection />
      </main>
      <SiteFooter />
    </>
  );
}
