// #adopt: the dog carousel with its heading.
import { Container, Text, Title } from '@mantine/core';
import { deferred } from '@/components/deferred';
import { anchors } from '@/config/site';
import '@/features/dogs/components/dog-carousel-styles';
import classes from './landing.module.css';

// The server draws the carousel with the first page of dogs it embeds in the landing page; its
// code (embla, the cards) loads and takes over that HTML only when #adopt comes near the screen.
const DogCarousel = deferred({
  nearId: anchors.adopt,
  margin: '100% 0px',
  load: () => import('@/features/dogs/components/dog-carousel').then((module) => module.default),
});

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
        <DogCarousel />
      </Container>
    </section>
  );
}
