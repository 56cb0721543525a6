// Hero (#home): the brand headline, a short community blurb and ADOPTA, which leads to #adopt.
import { Container, Text, Title } from '@/components/first-view';
import { IconArrowDown, IconCircleCheckFilled } from '@tabler/icons-react';
import { PlainButtonLink } from '@/components/plain-button';
import { anchors } from '@/config/anchors';
import classes from './landing.module.css';

const HIGHLIGHTS = ['Adopción responsable', 'Seguimiento después de adoptar', 'Comunidad en Cali'];

export function HeroSection() {
  return (
    <section id={anchors.home} className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" className={classes.heroGrid}>
        <div>
          <Title order={1} id="hero-title" className={classes.heroTitle}>
            DONDE LOS PERROS CONSIGUEN HOGAR <span className={classes.heroBrand}>HAPPY DOG!</span>
          </Title>
          <Text className={classes.heroText}>
            Somos una comunidad caleña que une a perros que necesitan un hogar con familias que
            quieren darles amor, y que acompaña cada adopción para asegurar un cuidado responsable.
          </Text>
          <PlainButtonLink
            to="."
            hash={anchors.adopt}
            size="lg"
            rightSection={<IconArrowDown size={20} aria-hidden="true" />}
          >
            ADOPTA
          </PlainButtonLink>
          <ul className={classes.highlights}>
            {HIGHLIGHTS.map((item) => (
              <li key={item}>
                <IconCircleCheckFilled
                  size={20}
                  className={classes.highlightIcon}
                  aria-hidden="true"
                />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <img
          src="/hero-dog.svg"
          alt=""
          width={416}
          height={416}
          className={classes.heroArt}
          fetchPriority="high"
        />
      </Container>
    </section>
  );
}
