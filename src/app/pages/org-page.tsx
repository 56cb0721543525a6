// /fundaciones/$slug: an organization's public page, drawn on the server: who they are, where,
// their links, the "Verificada" badge, their figures (with the share of follow-ups up to date once
// an adoption of theirs is being followed up) and their dogs looking for a home (more load
// on demand). Its members see a link to manage it, its admins one to edit it. Never a member's
// e-mail.
import '@mantine/core/styles/Badge.css';
import { Alert, Anchor, Button, Group, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatWait } from '@/features/adoption/components/response-time-note';
import { AccountPage, AccountSectionHeading } from '@/components/account-page';
import { CatalogCard } from '@/features/dogs/components/catalog-card';
import { Heart } from '@/features/favorites/components/heart';
import type { Dog } from '@/shared/dog';
import {
  ORG_KIND_LABELS,
  orgEditPath,
  orgManagePath,
  SAFE_ADOPTION_PATH,
} from '@/shared/org-paths';
import { getOrgDogs, orgPageQueryOptions, useMyOrgs } from '@/features/orgs/api/orgs';
import { VerifiedBadge } from '@/components/verified-badge';
import grid from './dog-grid.module.css';
import classes from './org-page.module.css';

/** Dogs per page of the API (server's ORG_DOGS_PAGE). */
const PAGE = 24;

/** A share in whole percent, as written in Spanish ("75 %", the sign kept on the same line). */
const followUpShare = (percent: number) => `${percent}\u00a0%`;

/** How many adoptions under follow-up are up to date: "3 de 4 adopciones en seguimiento". */
const followUpCounts = (upToDate: number, active: number) =>
  `${upToDate} de ${active} ${active === 1 ? 'adopción' : 'adopciones'} en seguimiento`;

export function OrgPage({ slug }: { slug: string }) {
  const page = useQuery(orgPageQueryOptions(slug));
  const mine = useMyOrgs();
  const [more, setMore] = useState<Dog[]>([]);
  const [end, setEnd] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!page.data) {
    return (
      <AccountPage title="Organización">
        {page.isError && (
          <Alert color="red" mt="lg" title="No pudimos cargar la organización">
            {page.error.message}
          </Alert>
        )}
      </AccountPage>
    );
  }
  const { org, stats, dogs } = page.data;
  const all = [...dogs, ...more];
  const role = mine.data?.find((o) => o.id === org.id)?.role;
  const loadMore = async () => {
    setLoading(true);
    setError(null);
    try {
      const next = await getOrgDogs(slug, all.at(-1)!.id);
      setMore((before) => [...before, ...next]);
      if (next.length < PAGE) setEnd(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'No pudimos cargar más perros.');
    } finally {
      setLoading(false);
    }
  };
  return (
    <AccountPage
      title={org.name}
      intro={
        <span className={classes.line}>
          <span>
            {ORG_KIND_LABELS[org.kind]} · {org.zone_name}
          </span>
          {org.verified && <VerifiedBadge />}
        </span>
      }
    >
      <Text mt="md" className={classes.description}>
        {org.description}
      </Text>
      {org.links.length > 0 && (
        <List mt="sm" aria-label="Enlaces de la organización">
          {org.links.map((link) => (
            <List.Item key={link}>
              <Anchor href={link} target="_blank" rel="noopener noreferrer nofollow ugc">
                {link.replace(/^https?:\/\//, '')}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
      {!org.verified && (
        <Text size="sm" mt="sm" c="dimmed">
          El equipo de Happy Dog todavía no ha verificado esta organización.
        </Text>
      )}
      <dl className={classes.stats}>
        <div className={classes.stat}>
          <dt>Perros que buscan hogar</dt>
          <dd>{stats.available_dogs}</dd>
        </div>
        <div className={classes.stat}>
          <dt>Adopciones cerradas</dt>
          <dd>{stats.adoptions_closed}</dd>
        </div>
        <div className={classes.stat}>
          <dt>Suele responder en</dt>
          <dd>
            {stats.median_response_minutes === null
              ? 'Aún sin datos'
              : formatWait(stats.median_response_minutes)}
          </dd>
        </div>
        {stats.follow_ups_up_to_date_percent !== null && (
          <div className={classes.stat}>
            <dt>Seguimientos al día</dt>
            <dd>
              {followUpShare(stats.follow_ups_up_to_date_percent)}
              <span className={classes.statNote}>
                {followUpCounts(stats.follow_ups_up_to_date, stats.active_adoptions)}
              </span>
            </dd>
          </div>
        )}
      </dl>
      <Text size="sm" mt="md">
        Adoptar nunca requiere pagar antes de conocer al perro, y no hay envíos.{' '}
        <Anchor component={Link} to={SAFE_ADOPTION_PATH} inherit>
          Cómo adoptar seguro
        </Anchor>
      </Text>
      {role && (
        <Group mt="md">
          {role === 'admin' && (
            <Button component={Link} to={orgEditPath(org.slug)} variant="default">
              Editar datos
            </Button>
          )}
          <Button component={Link} to={orgManagePath(org.slug)} variant="default">
            Administrar integrantes
          </Button>
        </Group>
      )}
      <section className={classes.dogs} aria-labelledby="org-dogs-title">
        <AccountSectionHeading id="org-dogs-title">Sus perros en adopción</AccountSectionHeading>
        {all.length === 0 ? (
          <Text>Ahora no tiene perros publicados.</Text>
        ) : (
          <ul className={grid.grid} aria-label="Perros de la organización">
            {all.map((dog, index) => (
              <li key={dog.id}>
                <CatalogCard
                  dog={dog}
                  priority={index < 2}
                  favorite={<Heart dog={dog} placement="photo" />}
                />
              </li>
            ))}
          </ul>
        )}
        {error && (
          <Alert color="red" mt="md" role="alert">
            {error}
          </Alert>
        )}
        {!end && all.length >= PAGE && all.length < stats.available_dogs && (
          <Group justify="center" mt="lg">
            <Button variant="default" loading={loading} onClick={() => void loadMore()}>
              Ver más perros
            </Button>
          </Group>
        )}
      </section>
    </AccountPage>
  );
}

export function OrgNotFound() {
  return (
    <AccountPage title="Esta organización no existe">
      <Text mt="md">
        Puede que haya cambiado de dirección o que ya no esté en Happy Dog.{' '}
        <Anchor component={Link} to="/fundaciones" inherit>
          Ver todas las fundaciones y rescatistas
        </Anchor>
      </Text>
    </AccountPage>
  );
}
