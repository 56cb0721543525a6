// The landing page (/ and /home): hero, about, tour, the dog carousel and the footer. It also
// resumes a pending 'Contacto info' once the visitor is logged in.
import { useContactResume } from '@/features/dogs/hooks/use-contact-resume';
import { AboutSection } from './about-section';
import { AdoptSection } from './adopt-section';
import { HeroSection } from './hero-section';
import { SiteFooter } from './site-footer';
import { TourSection } from './tour-section';

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
