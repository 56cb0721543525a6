// #adopt: the dog carousel with its heading.
import { Container, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { anchors } from '@/config/site';
import { CarouselLoading } from '@/features/dogs/components/carousel-state';

// Below the fold: the carousel (Embla, cards) is its own chunk; the dogs themselves are already
// being fetched by the route loader while it downloads.
const DogCarousel = lazy(() => import('@/features/dogs/components/dog-carousel'));
import classes from './landing.module.css';

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
