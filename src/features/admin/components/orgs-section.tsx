// "Organizaciones por verificar" in /admin: the organizations nobody has verified yet, the oldest
// first, with who administers them; verifying one puts the "Verificada" badge on its page and its
// dogs.
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notify } from '@/components/overlays/overlays';
import { toApiError } from '@/lib/api-client';
import { useHydrating } from '@/lib/use-hydrating';
import { useSetVerified, waitingOrgsQueryOptions } from '../api/orgs';
import { ORG_KIND_LABELS, orgPath } from '@/shared/org-paths';
import classes from './admin-page.module.css';

export function OrgsSection() {
  const waiting = useQuery(waitingOrgsQueryOptions());
  const verify = useSetVerified();
  const hydrating = useHydrating();
  return (
    <section className={classes.section} aria-labelledby="organizaciones-title">
      <Title order={2} id="organizaciones-title" className={classes.sectionTitle}>
        Organizaciones por verificar
      </Title>
      {waiting.isPending && <Text role="status">Cargando...</Text>}
      {waiting.isError && (
        <Stack gap="sm" align="flex-start">
          <Text className={classes.error} role="alert">
            {waiting.error.message}
          </Text>
          <Button variant="light" onClick={() => void waiting.refetch()}>
            Reintentar
          </Button>
        </Stack>
      )}
      {waiting.data?.length === 0 && (
        <Text c="dimmed">Ninguna organización espera verificación.</Text>
      )}
      {waiting.data && waiting.data.length > 0 && (
        <ul className={classes.reports} aria-label="Organizaciones por verificar">
          {waiting.data.map((org) => (
            <li key={org.id}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <div>
                  <Text fw={700}>
                    <Anchor href={orgPath(org.slug)}>{org.name}</Anchor>
                  </Text>
                  <Text size="sm">
                    {ORG_KIND_LABELS[org.kind]} · {org.zone_name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Administra:{' '}
                    {org.admins.map((admin) => `${admin.name} (${admin.email})`).join(', ') ||
                      'nadie'}
                  </Text>
                </div>
                <Button
                  size="xs"
                  disabled={verify.isPending || hydrating}
                  aria-label={`Verificar ${org.name}`}
                  onClick={() =>
                    verify.mutate(
                      { orgId: org.id, verified: true },
                      {
                        onSuccess: () =>
                          notify({
                            color: 'teal',
                            title: 'Listo',
                            message: `${org.name} quedó verificada.`,
                          }),
                        onError: (error) =>
                          notify({
                            color: 'red',
                            title: 'No se pudo completar',
                            message: toApiError(error).message,
                          }),
                      },
                    )
                  }
                >
                  Verificar
                </Button>
              </Group>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
