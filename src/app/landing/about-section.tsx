// SOBRE NOSOTROS (#about): who the community is and what it does.
import { Anchor, Container, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { IconHeartHandshake, IconHomeHeart, IconStethoscope } from '@tabler/icons-react';
import { anchors } from '@/config/anchors';
import { dogCountQueryOptions } from '@/features/dogs/api/count-dogs';
import type { DogCount } from '@/shared/dog';
import classes from './landing.module.css';

const adoptedText = ({ count, more }: DogCount) => {
  const n = count.toLocaleString('es-CO');
  if (more) return `Más de ${n} perros adoptados`;
  return count === 1 ? '1 perro adoptado' : `${n} perros adoptados`;
};

const VALUES = [
  {
    icon: IconHomeHeart,
    title: 'Hogares para cada perro',
    text: 'Ayudamos a que los perros rescatados y los que ya no pueden quedarse con su familia encuentren un hogar definitivo.',
  },
  {
    icon: IconHeartHandshake,
    title: 'Apoyo a quienes dan en adopción',
    text: 'Acompañamos a los dueños que necesitan dar a su mascota en adopción para que lo hagan de forma segura y responsable.',
  },
  {
    icon: IconStethoscope,
    title: 'Seguimiento después de adoptar',
    text: 'Después de cada adopción seguimos en contacto para verificar que el perro reciba los cuidados que merece.',
  },
];

export function AboutSection() {
  // How many dogs found a home here: asked once this section's code loads (near the screen), so
  // the landing page's first code does not grow.
  const adopted = useQuery(dogCountQueryOptions({ status: 'adopted' })).data;
  return (
    <section
      id={anchors.about}
      className={`${classes.section} ${classes.sectionAlt}`}
      aria-labelledby="about-title"
    >
      <Container size="lg" className={classes.aboutGrid}>
        <div>
          <span className={classes.eyebrow}>Quiénes somos</span>
          <Title order={2} id="about-title" className={classes.sectionTitle}>
            SOBRE NOSOTROS
          </Title>
          <Text className={classes.lead}>
            Happy Dog nació como un grupo de amigos de Cali que no podía ver a un perro sin hogar.
            Hoy somos una comunidad que ayuda a los perros a encontrar una familia y a los dueños a
            dar a sus mascotas en adopción cuando ya no pueden cuidarlas.
          </Text>
          <Text mt="md">
            Creemos que adoptar es un compromiso para toda la vida: por eso conectamos a las
            personas directamente y hacemos seguimiento del cuidado de cada perro adoptado: quien
            adopta firma un acta de compromiso y nos cuenta con fotos cómo está a los pocos días, a
            las tres semanas, a los tres meses y al año.{' '}
            <Anchor component={Link} to="/finales-felices">
              Mira los finales felices
            </Anchor>
            .
          </Text>
          {adopted !== undefined && adopted.count > 0 && (
            <Text mt="md" size="lg" fw={700} c="teal.9" data-testid="adopted-count">
              {adoptedText(adopted)} gracias a la comunidad de Happy Dog.
            </Text>
          )}
        </div>
        <ul className={classes.values}>
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className={classes.value}>
              <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden="true">
                <Icon size={26} />
              </ThemeIcon>
              <div>
                <Title order={3} className={classes.valueTitle}>
                  {title}
                </Title>
                <Text>{text}</Text>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
