// The catalogue (/perros): every dog looking for a home in a grid, with filters that live in the
// address (text, city, size, sex, age, status), how many dogs match, "Ver más", and an empty state
// that offers to remove the filters. Before the page's code runs, the filters are a plain GET form
// to /perros, so a search made that early still works. On a phone the results come first: the
// fields fold into a "Filtros" panel (a <details>, which opens without the page's code too), with
// a chip for each active filter that removes it.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Container, NativeSelect, Text, TextInput, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconAlertCircle, IconSearch, IconX } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { SaveAlert } from '@/features/alerts/components/save-alert';
import type { DogCount } from '@/shared/dog';
import {
  hasCatalogFilters,
  validateCatalogSearch,
  type CatalogFilters,
} from '@/features/dogs/catalog-search';
import {
  AGE_OPTIONS,
  SEX_OPTIONS,
  SIZE_OPTIONS,
  STATUS_OPTIONS,
} from '@/features/dogs/filter-options';
import { catalogQueries } from '@/features/dogs/api/catalog-queries';
import grid from './dog-grid.module.css';
import classes from './catalog-page.module.css';
import { CatalogCard } from '@/features/dogs/components/catalog-card';
import { Heart } from '@/features/favorites/components/heart';

type CatalogPageProps = {
  filters: CatalogFilters;
  /** Shows the list for `next` (a new history entry: Back restores the previous filters). */
  onFiltersChange: (next: CatalogFilters) => void;
};

const countText = ({ count, more }: DogCount) => {
  if (more) return `Más de ${count.toLocaleString('es-CO')} perros encontrados`;
  return count === 1 ? '1 perro encontrado' : `${count.toLocaleString('es-CO')} perros encontrados`;
};

/** The filters the form's fields hold now, validated like the address's. */
const formFilters = (form: HTMLFormElement): CatalogFilters =>
  validateCatalogSearch(Object.fromEntries(new FormData(form)));

const sameFilters = (a: CatalogFilters, b: CatalogFilters) =>
  JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

function Filters({ filters, onFiltersChange }: CatalogPageProps) {
  // Uncontrolled fields: they start from the address and the page reads them when it applies
  // them, so whatever a visitor typed or chose before the page's code ran stays (hydration and
  // later renders never write a value over theirs). The text fields apply on "Buscar" (or Enter);
  // the selects at once.
  const form = useRef<HTMLFormElement>(null);
  const apply = () => {
    if (!form.current) return;
    const next = formFilters(form.current);
    if (!sameFilters(next, filters)) onFiltersChange(next);
  };
  useEffect(() => {
    // A select changed before the page was interactive applies now, as it would have then.
    const current = form.current;
    if (!current) return;
    const selects = ['size', 'sex', 'age', 'status'] as const;
    const chosen = formFilters(current);
    if (selects.some((name) => chosen[name] !== filters[name])) onFiltersChange(chosen);
    // Only the values the fields had when the page became interactive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };
  const select = (
    name: 'size' | 'sex' | 'age' | 'status',
    label: string,
    any: string,
    options: ReadonlyArray<{ value: string; label: string }>,
  ) => (
    <NativeSelect
      label={label}
      name={name}
      defaultValue={filters[name] ?? ''}
      data={[{ value: '', label: any }, ...options]}
      onChange={apply}
    />
  );
  return (
    <form
      ref={form}
      role="search"
      aria-label="Filtrar perros"
      method="get"
      action="/perros"
      className={classes.filters}
      onSubmit={submit}
    >
      <TextInput
        label="Buscar"
        name="q"
        type="search"
        placeholder="Nombre, carácter, ciudad…"
        defaultValue={filters.q ?? ''}
        maxLength={100}
      />
      <TextInput
        label="Ciudad"
        name="city"
        placeholder="Cualquiera"
        defaultValue={filters.city ?? ''}
        maxLength={60}
      />
      {select('size', 'Tamaño', 'Cualquier tamaño', SIZE_OPTIONS)}
      {select('sex', 'Sexo', 'Cualquiera', SEX_OPTIONS)}
      {select('age', 'Edad', 'Cualquier edad', AGE_OPTIONS)}
      {select('status', 'Estado', 'Disponibles y en proceso', STATUS_OPTIONS)}
      <div className={classes.filtersActions}>
        <Button type="submit" leftSection={<IconSearch size={18} aria-hidden="true" />}>
          Buscar
        </Button>
        {hasCatalogFilters(filters) && (
          <Button component={Link} to="/perros" variant="default">
            Quitar filtros
          </Button>
        )}
      </div>
    </form>
  );
}

const LABELS = {
  size: Object.fromEntries(SIZE_OPTIONS.map((o) => [o.value, o.label])),
  sex: Object.fromEntries(SEX_OPTIONS.map((o) => [o.value, o.label])),
  age: Object.fromEntries(AGE_OPTIONS.map((o) => [o.value, o.label])),
  status: Object.fromEntries(STATUS_OPTIONS.map((o) => [o.value, o.label])),
} as const;

/** Each active filter as a chip's text: "“luna”", "Ciudad: Cali", "Tamaño: Mediano"… */
function activeFilters(filters: CatalogFilters): Array<[keyof CatalogFilters, string]> {
  const chips: Array<[keyof CatalogFilters, string]> = [];
  if (filters.q) chips.push(['q', `“${filters.q}”`]);
  if (filters.city) chips.push(['city', `Ciudad: ${filters.city}`]);
  if (filters.size) chips.push(['size', `Tamaño: ${LABELS.size[filters.size]}`]);
  if (filters.sex) chips.push(['sex', `Sexo: ${LABELS.sex[filters.sex]}`]);
  if (filters.age) chips.push(['age', `Edad: ${LABELS.age[filters.age]}`]);
  if (filters.status) chips.push(['status', `Estado: ${LABELS.status[filters.status]}`]);
  return chips;
}

const WIDE = '(min-width: 48em)';

/** The filters: a panel folded on phones (results first), always open on wider screens. */
function FiltersPanel({ filters, onFiltersChange }: CatalogPageProps) {
  const panel = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // Wide screens show the fields at once (their stylesheet already does, where browsers can).
    const wide = window.matchMedia(WIDE);
    const openIfWide = () => {
      if (wide.matches && panel.current) panel.current.open = true;
    };
    openIfWide();
    wide.addEventListener('change', openIfWide);
    return () => wide.removeEventListener('change', openIfWide);
  }, []);
  const chips = activeFilters(filters);
  return (
    <>
      <details className={classes.filtersPanel} ref={panel}>
        <summary className={classes.filtersSummary}>
          <IconAdjustmentsHorizontal size={18} aria-hidden="true" />
          Filtros{chips.length > 0 ? ` (${chips.length})` : ''}
        </summary>
        {/* A new set of filters starts its fields from the address again. */}
        <Filters
          key={JSON.stringify(filters)}
          filters={filters}
          onFiltersChange={onFiltersChange}
        />
      </details>
      {chips.length > 0 && (
        <ul className={classes.chips} aria-label="Filtros activos">
          {chips.map(([key, label]) => {
            const rest = { ...filters };
            delete rest[key];
            return (
              <li key={key}>
                <Link
                  to="/perros"
                  search={rest}
                  className={classes.chip}
                  aria-label={`Quitar el filtro ${label}`}
                >
                  {label}
                  <IconX size={14} aria-hidden="true" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

export function CatalogPage({ filters, onFiltersChange }: CatalogPageProps) {
  const queries = useMemo(() => catalogQueries(filters), [filters]);
  const list = useInfiniteQuery(queries.list);
  const count = useQuery(queries.count);
  const dogs = useMemo(() => list.data?.pages.flat() ?? [], [list.data]);

  return (
    <main id="contenido" tabIndex={-1} className={classes.main}>
      <Container size="xl">
        <Title order={1}>Perros en adopción</Title>
        <Text mt="xs">
          Busca por nombre, carácter o ciudad y filtra por tamaño, sexo, edad o estado.
        </Text>
        <FiltersPanel filters={filters} onFiltersChange={onFiltersChange} />
        <p className={classes.count} role="status" aria-live="polite">
          {count.data !== undefined ? countText(count.data) : '\u00a0'}
        </p>
        {/* A new search starts a new offer. */}
        <SaveAlert key={JSON.stringify(filters)} filters={filters} />
        {list.isError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title="No pudimos cargar los perros"
            icon={<IconAlertCircle aria-hidden="true" />}
          >
            <Text mb="sm">{list.error.message}</Text>
            <Button variant="default" onClick={() => void list.refetch()}>
              Reintentar
            </Button>
          </Alert>
        )}
        {list.isPending && <Text role="status">Cargando...</Text>}
        {list.isSuccess && dogs.length === 0 && (
          <div className={classes.empty}>
            <Title order={2} size="h3">
              No encontramos perros con estos filtros
            </Title>
            <Text mt="xs" mb="md">
              Prueba con menos filtros o con otras palabras.
            </Text>
            {hasCatalogFilters(filters) && (
              <Button component={Link} to="/perros">
                Quitar filtros
              </Button>
            )}
          </div>
        )}
        {dogs.length > 0 && (
          <ul className={grid.grid} aria-label="Resultados">
            {dogs.map((dog, index) => (
              <li key={dog.id}>
                <CatalogCard
                  dog={dog}
                  priority={index === 0}
                  favorite={<Heart dog={dog} placement="photo" />}
                />
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <div className={classes.more}>
            <Button
              variant="light"
              size="md"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Ver más
            </Button>
          </div>
        )}
      </Container>
    </main>
  );
}
