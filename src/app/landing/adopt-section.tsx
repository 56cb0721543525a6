// #adopt: the dog carousel with its heading.
import { Container, Text, Title } from '@mantine/core';
import { anchors } from '@/config/site';
// Part of the main bundle, not a lazy chunk: the first page of dogs comes embedded in the landing
// page, so the carousel can be drawn on the app's first render without another round trip.
import DogCarousel from '@/features/dogs/components/dog-carousel';
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
        <DogCarousel />
      </Container>
    </section>
  );
}
