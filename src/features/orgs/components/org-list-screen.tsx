// /fundaciones: the foundations, independent rescuers and shelters that publish dogs, the
// verified ones first, with how many dogs each has looking for a home.
import '@mantine/core/styles/Badge.css';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AccountPage } from '@/components/account-page';
import { ORG_KIND_LABELS, orgPath, SAFE_ADOPTION_PATH } from '@/shared/org-paths';
import { orgListQueryOptions } from '../api/orgs';
import { VerifiedBadge } from '@/components/verified-badge';
import classes from './orgs.module.css';

const dogsLabel = (n: number) =>
  n === 0
    ? 'Sin perros publicados ahora'
    : n === 1
      ? '1 perro busca hogar'
      : `${n} perros buscan hogar`;

export function OrgListScreen() {
  const orgs = useQuery(orgListQueryOptions());
  return (
    <AccountPage
      title="Fundaciones y rescatistas"
      intro={
        <>
          Conoce a quienes rescatan y dan en adopción perros en Cali. Las marcadas como «Verificada»
          fueron revisadas por el equipo de Happy Dog. Antes de adoptar, lee{' '}
          <Anchor component={Link} to={SAFE_ADOPTION_PATH} inherit>
            cómo adoptar seguro
          </Anchor>
          .
        </>
      }
    >
      <Group mt="md">
        {/* Its route sends anonymous visitors to log in first, and back. */}
        <Button component={Link} to="/fundaciones/nueva">
          Registrar mi fundación o grupo de rescate
        </Button>
      </Group>
      {orgs.isError && (
        <Alert color="red" mt="lg" title="No pudimos cargar las organizaciones">
          {orgs.error.message}
        </Alert>
      )}
      {orgs.data && orgs.data.length === 0 && (
        <Text mt="lg">Todavía no hay organizaciones registradas. ¡Registra la tuya!</Text>
      )}
      {orgs.data && orgs.data.length > 0 && (
        <ul className={classes.list} aria-label="Organizaciones">
          {orgs.data.map((org) => (
            <li key={org.id} className={classes.card}>
              <h2 className={classes.cardName}>
                <Anchor component={Link} to={orgPath(org.slug)} inherit>
                  {org.name}
                </Anchor>
              </h2>
              <p className={classes.line}>
                <span>
                  {ORG_KIND_LABELS[org.kind]} · {org.zone_name}
                </span>
                {org.verified && <VerifiedBadge size="xs" />}
              </p>
              <Text size="sm" mt={4}>
                {dogsLabel(org.available_dogs)}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </AccountPage>
  );
}
