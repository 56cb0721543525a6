// #adopt: the dog carousel with its heading.
import '@mantine/core/styles/Card.css';
import '@mantine/carousel/styles.css';
import '@/features/dogs/components/dog-card.module.css';
import './dog-carousel.module.css';
import { Container, Text, Title } from '@/components/first-view';
import { lazy, Suspense } from 'react';
import { anchors } from '@/config/anchors';
import { CarouselLoading } from '@/features/dogs/components/carousel-state';
import { loadWhenNear } from '@/lib/load-when-near';
import classes from './landing.module.css';

// The server draws the carousel with the first page of dogs; its code (embla, the cards)
// downloads when #adopt comes within a screen's height, and React hydrates it then. Its styles
// (imported above) come with the page, so the server's HTML is styled from the first paint.
const DogCarousel = lazy(
  loadWhenNear(anchors.adopt, '100% 0px', () => import('@/app/landing/dog-carousel')),
);

export function AdoptSection() {
  return (
    <section
      id={anchors.adopt}
      className={`${classes.section} ${classes.adopt}`}
      aria-labelledby="adopt-title"
    >
      <Container size="lg">
        <span className={classes.eyebrow}>Adopta</span>
        <Title order={2} id="adopt-title" className={classes.sectionTitle}>
          PERROS EN ADOPCIÓN
        </Title>
        <Text className={classes.lead} mb="lg">
          Estos perros buscan hogar en Cali. Abre su ficha para conocerlos y, si ya ingresaste, ver
          cómo contactar a quien los cuida.
        </Text>
        <Suspense fallback={<CarouselLoading />}>
          <DogCarousel />
        </Suspense>
      </Container>
    </section>
  );
}
