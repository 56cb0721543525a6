// /perdidos: open reports of lost and found dogs, newest first, with filters (kind, zone, size,
// sex, words) that live in the address, so a search can be shared and Back restores it. The
// filters are a plain GET form to /perdidos: they work before the page's code has arrived. A
// filtered list can be saved as an alert ("Avísame de reportes así").
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Container, NativeSelect, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { SaveLostFoundAlert } from '@/features/alerts/components/save-lost-found-alert';
import { ZONES } from '@/shared/zone-list';
import { lostFoundListQuery } from '@/features/lost-found/api/lost-found-api';
import { validateLostFoundSearch, type LostFoundSearch } from '@/features/lost-found/search';
import classes from './lost-found.module.css';
import { ReportCard } from '@/features/lost-found/components/report-card';

const ANY = { value: '', label: 'Todos' };

export function LostFoundListPage({
  search,
  onSearchChange,
}: {
  search: LostFoundSearch;
  onSearchChange: (next: LostFoundSearch) => void;
}) {
  const query = useQuery(lostFoundListQuery(search));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearchChange(validateLostFoundSearch(Object.fromEntries(new FormData(event.currentTarget))));
  };
  const filtered = Object.keys(search).length > 0;
  return (
    <Container component="main" id="contenido" tabIndex={-1} size="lg" className={classes.page}>
      <Title order={1}>Perros perdidos y encontrados</Title>
      <Text className={classes.lead}>
        ¿Se te perdió tu perro o encontraste uno? Publícalo en un minuto: te avisamos de los
        reportes que se parecen y la gente te escribe por el sitio, sin ver tu teléfono.
      </Text>
      <Button component={Link} to="/perdidos/nuevo" size="md">
        Publicar un reporte
      </Button>
      <form
        className={classes.filters}
        method="get"
        action="/perdidos"
        role="search"
        aria-label="Filtrar reportes"
        onSubmit={submit}
        key={`filters ${JSON.stringify(search)}`}
      >
        <NativeSelect
          label="Tipo"
          name="kind"
          defaultValue={search.kind ?? ''}
          data={[
            ANY,
            { value: 'lost', label: 'Perdidos' },
            { value: 'found', label: 'Encontrados' },
          ]}
        />
        <NativeSelect
          label="Zona"
          name="zone"
          defaultValue={search.zone ?? ''}
          data={[
            { value: '', label: 'Todas' },
            ...ZONES.map((z) => ({ value: z.id, label: z.name })),
          ]}
        />
        <NativeSelect
          label="Tamaño"
          name="size"
          defaultValue={search.size ?? ''}
          data={[
            ANY,
            { value: 'small', label: 'Pequeño' },
            { value: 'medium', label: 'Mediano' },
            { value: 'large', label: 'Grande' },
          ]}
        />
        <NativeSelect
          label="Sexo"
          name="sex"
          defaultValue={search.sex ?? ''}
          data={[ANY, { value: 'male', label: 'Macho' }, { value: 'female', label: 'Hembra' }]}
        />
        <TextInput
          label="Palabras"
          name="q"
          type="search"
          maxLength={100}
          defaultValue={search.q ?? ''}
          placeholder="collar rojo, Luna…"
        />
        <Button type="submit">Buscar</Button>
      </form>
      <SaveLostFoundAlert key={`alert ${JSON.stringify(search)}`} filters={search} />
      {query.isError ? (
        <Alert color="red" title="No se pudieron cargar los reportes">
          {query.error.message}{' '}
          <Button variant="subtle" onClick={() => void query.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : !query.data ? (
        <Text>Cargando...</Text>
      ) : query.data.length === 0 ? (
        <div>
          <Text>
            {filtered
              ? 'No hay reportes abiertos con estos filtros.'
              : 'Aún no hay reportes abiertos.'}
          </Text>
          {filtered && (
            <Button variant="light" mt="sm" onClick={() => onSearchChange({})}>
              Quitar filtros
            </Button>
          )}
        </div>
      ) : (
        <ul className={classes.grid} aria-label="Reportes">
          {query.data.map((report, index) => (
            <li key={report.id}>
              <ReportCard report={report} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
