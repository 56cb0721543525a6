// /fundaciones/invitacion/$token: the page an invitation e-mail links to. It says which
// organization invites and to which address; a logged-in person accepts it (only with that
// address: the API refuses another), an anonymous visitor is asked to log in first.
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormError } from '@/components/form-parts';
import { AccountPage } from '@/components/account-page';
import { invitationPath, ORG_KIND_LABELS, orgManagePath } from '@/shared/org-paths';
import { useSessionStore } from '@/stores/session-store';
import { invitationQueryOptions, useAcceptInvitation } from '../api/orgs';

export function InvitationScreen({ token }: { token: string }) {
  const preview = useQuery(invitationQueryOptions(token));
  const logged = useSessionStore((state) => state.logged);
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  if (preview.isError) {
    return (
      <AccountPage title="Invitación">
        <Alert color="yellow" mt="lg" title="Esta invitación ya no sirve">
          {preview.error.message}
        </Alert>
      </AccountPage>
    );
  }
  if (!preview.data) return <AccountPage title="Invitación">{null}</AccountPage>;
  const { org, email } = preview.data;
  const here = invitationPath(token);
  return (
    <AccountPage title={`Te invitaron a ${org.name}`}>
      <Text mt="md">
        {ORG_KIND_LABELS[org.kind]}. La invitación es para <strong>{email}</strong>. Como integrante
        podrás publicar perros a nombre de la organización, editarlos y responder sus solicitudes de
        adopción.
      </Text>
      {logged ? (
        <>
          <FormError id="invitation-error" message={error} />
          <Group mt="lg">
            <Button
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(undefined, {
                  onSuccess: (joined) => void navigate({ to: orgManagePath(joined.slug) }),
                  onError: (e) => setError(e.message),
                })
              }
            >
              Aceptar la invitación
            </Button>
          </Group>
        </>
      ) : (
        <Text mt="lg">
          Para aceptarla,{' '}
          <Anchor
            inherit
            renderRoot={(props) => <Link to="/entrar" search={{ redirect: here }} {...props} />}
          >
            entra con tu cuenta
          </Anchor>{' '}
          de esa dirección, o{' '}
          <Anchor
            inherit
            renderRoot={(props) => (
              <Link to="/registrarse" search={{ redirect: here }} {...props} />
            )}
          >
            crea una
          </Anchor>
          .
        </Text>
      )}
    </AccountPage>
  );
}
