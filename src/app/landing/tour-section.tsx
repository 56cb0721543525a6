// RECORRIDO: the four steps of the site (gallery, log in, adopt, give in adoption).
import { Container, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboardHeart, IconHeart, IconLogin2, IconPhoto } from '@tabler/icons-react';
import { anchors } from '@/config/anchors';
import classes from './landing.module.css';

const STEPS = [
  {
    icon: IconPhoto,
    title: 'Galería',
    text: 'Recorre la galería de perros que buscan hogar y conoce a cada uno.',
  },
  {
    icon: IconLogin2,
    title: 'Ingresa',
    text: 'Inicia sesión para contactar a la persona que da al perro en adopción.',
  },
  {
    icon: IconHeart,
    title: 'Adopta',
    text: 'Después de ingresar, contacta al cuidador del perro y acuerden la adopción.',
  },
  {
    icon: IconClipboardHeart,
    title: 'Da en adopción',
    text: 'Llena el formulario para publicar a un perro y ayudarlo a encontrar un hogar.',
  },
];

export function TourSection() {
  return (
    <section id={anchors.tour} className={classes.section} aria-labelledby="tour-title">
      <Container size="lg">
        <span className={classes.eyebrow}>Cómo funciona</span>
        <Title order={2} id="tour-title" className={classes.sectionTitle}>
          RECORRIDO
        </Title>
        <Text className={classes.lead}>
          Cuatro pasos para adoptar o dar en adopción con nosotros.
        </Text>
        <ol className={classes.steps}>
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title}>
              <article className={classes.step} aria-labelledby={`tour-step-${index}`}>
                <span className={classes.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <ThemeIcon size={52} radius="xl" variant="light" aria-hidden="true">
                  <Icon size={28} />
                </ThemeIcon>
                <Title order={3} id={`tour-step-${index}`} className={classes.stepTitle}>
                  {title}
                </Title>
                <Text>{text}</Text>
              </article>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
