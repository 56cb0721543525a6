// The dogs for adoption, newest first, in an autoplaying loop that loads the next page of 24 as
// the visitor nears the end. Autoplay pauses on hover, on keyboard focus and with the visible
// pause control, and starts paused when the visitor prefers reduced motion (WCAG 2.2.2).
import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Button, Text, VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { EmblaCarouselType } from 'embla-carousel';
import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { usePageData } from '@/lib/page-data';
import { useHydrating } from '@/lib/use-hydrating';
import type { Dog } from '@/shared/dog';
import { isOwner, useSessionStore } from '@/stores/session-store';
import { dogsInfiniteQueryOptions, type DogPages } from '@/features/dogs/api/get-dogs';
import {
  CarouselLoading,
  CarouselState,
  CarouselText,
  DOG_LIST_FOCUS_ID,
} from '@/features/dogs/components/carousel-state';
import classes from './dog-carousel.module.css';
import { DogCard } from '@/features/dogs/components/dog-card';
import { Heart } from '@/features/favorites/components/heart';
import { openDogModal, preloadDogModal } from '@/app/dog-modal/open-dog-modal';

export const AUTOPLAY_DELAY_MS = 3000;
/** Start loading the next page when the selected slide is this close to the end of the list. */
const PREFETCH_AHEAD = 6;
/**
 * Slides in the server's HTML (and while it is hydrated): the most a screen shows (3 at
 * 1024 px and up). The others are added right after hydration, out of sight, so a phone parses
 * and lays out a few cards instead of a whole page of them before its first paint.
 */
const SERVER_SLIDES = 3;

export default function DogCarousel() {
  const options = dogsInfiniteQueryOptions();
  const query = useInfiniteQuery(options);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const hydrating = useHydrating();
  // Hydrated, the carousel first draws what the server drew; then the current list.
  const drawnByServer = usePageData<DogPages>(options.queryKey);
  const data = hydrating && drawnByServer ? drawnByServer : query.data;
  const dogs = useMemo(() => data?.pages.flat() ?? [], [data]);
  const slides = hydrating ? dogs.slice(0, SERVER_SLIDES) : dogs;
  const logged = useSessionStore((state) => state.logged);
  const userId = useSessionStore((state) => state.id);

  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [selected, setSelected] = useState(0);
  const reducedMotion = useReducedMotion();
  /** The visitor's explicit choice; until they make one, reduced motion decides. */
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  /** A dog's modal opened from a card: the carousel stays put behind it, so focus can return. */
  const [modalOpen, setModalOpen] = useState(false);
  const paused = userPaused ?? reducedMotion;
  const running = !paused && !hovered && !focusInside && !modalOpen && dogs.length > 1;

  // A dog this visitor just published comes first in the list: show it, wherever the carousel
  // was (embla keeps its position when slides are added, which would leave the new dog out of
  // sight). A dog someone else publishes meanwhile does not move the carousel.
  const firstDog = dogs[0];
  const firstIsOwn = firstDog ? isOwner({ logged, id: userId }, firstDog.hostage_id) : false;
  const shownFirst = useRef(firstDog?.id);
  useEffect(() => {
    const previous = shownFirst.current;
    shownFirst.current = firstDog?.id;
    if (!embla || previous === undefined || firstDog?.id === previous || !firstIsOwn) return;
    embla.reInit();
    embla.scrollTo(0, true);
  }, [embla, firstDog?.id, firstIsOwn]);

  // Autoplay is a timer here rather than embla-carousel-autoplay: the plugin restarts itself on
  // every re-init (each new page of dogs) and after drags, overriding the visitor's pause.
  useEffect(() => {
    if (!embla || !running) return;
    const timer = window.setInterval(() => embla.scrollNext(), AUTOPLAY_DELAY_MS);
    return () => window.clearInterval(timer);
  }, [embla, running]);

  // Mantine's carousel has its own live region saying "Slide 1 of N" in English on every step;
  // this component announces in Spanish instead (below), so that region is taken out of the
  // accessibility tree once, when it mounts (React leaves attributes it set alone afterwards).
  const silenceBuiltInStatus = useCallback((root: HTMLDivElement | null) => {
    const status = root?.querySelector(':scope > [role="status"]');
    if (!status) return;
    status.removeAttribute('role');
    status.removeAttribute('aria-live');
    status.removeAttribute('aria-atomic');
    status.setAttribute('aria-hidden', 'true');
  }, []);

  const handleSlideChange = (index: number) => {
    setSelected(index);
    if (index >= dogs.length - PREFETCH_AHEAD && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  };

  const handleOpen = (dog: Dog) => {
    const owned = isOwner({ logged, id: userId }, dog.hostage_id);
    setModalOpen(true);
    openDogModal({ mode: owned ? 'edit' : 'view', dog, onClose: () => setModalOpen(false) });
  };

  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
  };

  if (!data && query.isPending) {
    return <CarouselLoading />;
  }

  if (query.isError && dogs.length === 0) {
    return (
      <CarouselState role="alert" title="No pudimos cargar los perros en adopción.">
        <CarouselText>{query.error.message}</CarouselText>
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          Reintentar
        </Button>
      </CarouselState>
    );
  }

  if (dogs.length === 0) {
    return (
      <CarouselState role="status" title="Aún no hay perros en adopción">
        <CarouselText>Vuelve pronto o publica el primero con DAR EN ADOPCIÓN.</CarouselText>
      </CarouselState>
    );
  }

  const current = dogs[selected % dogs.length];

  return (
    <div
      className={classes.section}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className={classes.toolbar}>
        <Button
          variant="subtle"
          color="brand.9"
          size="compact-md"
          leftSection={
            paused ? (
              <IconPlayerPlayFilled size={16} aria-hidden="true" />
            ) : (
              <IconPlayerPauseFilled size={16} aria-hidden="true" />
            )
          }
          onClick={() => setUserPaused(!paused)}
        >
          {paused ? 'Reproducir' : 'Pausar'}
        </Button>
      </div>
      {/* The cards' buttons submit it only before the code runs: /?perro=<id> opens that dog. */}
      <form method="get" action="/">
        <Carousel
          ref={silenceBuiltInStatus}
          id={DOG_LIST_FOCUS_ID}
          tabIndex={-1}
          aria-label="Perros en adopción"
          aria-roledescription="carrusel"
          classNames={{ root: classes.root, slide: classes.slide, control: classes.control }}
          slideGap="md"
          // Embla's `duration` is not in ms; measured in Chromium, 20 covers 95 % of a step in ~340 ms
          // (a 350 ms transition).
          emblaOptions={{ loop: true, align: 'start', slidesToScroll: 1, duration: 20 }}
          controlSize={44}
          controlsOffset="xs"
          getEmblaApi={setEmbla}
          onSlideChange={handleSlideChange}
          previousControlIcon={<IconChevronLeft size={22} aria-hidden="true" />}
          nextControlIcon={<IconChevronRight size={22} aria-hidden="true" />}
          previousControlProps={{ 'aria-label': 'Perro anterior' }}
          nextControlProps={{ 'aria-label': 'Perro siguiente' }}
          onFocus={() => setFocusInside(true)}
          onBlur={handleBlur}
        >
          {slides.map((dog, index) => (
            <Carousel.Slide
              key={dog.id}
              aria-roledescription="diapositiva"
              aria-label={`${index + 1} de ${dogs.length}: ${dog.name}`}
            >
              <DogCard
                dog={dog}
                owned={isOwner({ logged, id: userId }, dog.hostage_id)}
                onOpen={handleOpen}
                onIntent={preloadDogModal}
                favorite={<Heart dog={dog} placement="photo" />}
              />
            </Carousel.Slide>
          ))}
        </Carousel>
      </form>
      <VisuallyHidden aria-live={running ? 'off' : 'polite'} aria-atomic="true">
        {current ? `Perro ${(selected % dogs.length) + 1} de ${dogs.length}: ${current.name}` : ''}
      </VisuallyHidden>
      {isFetchingNextPage && (
        <Text size="sm" ta="center" mt="xs" role="status">
          Cargando más perros...
        </Text>
      )}
      {query.isFetchNextPageError && (
        <Text size="sm" ta="center" mt="xs" role="alert">
          No pudimos cargar más perros.{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void fetchNextPage()}>
            Reintentar
          </Button>
        </Text>
      )}
    </div>
  );
}
