// /fundaciones/$slug/editar: the organization's admins change its data with the registration's
// form, filled in. Only what changed is sent; the address stays the same. A verified
// organization is told beforehand that a new name waits for the site's team to verify it again.
import { Alert, Anchor, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AccountPage, AccountSection } from '@/components/account-page';
import { ORG_MESSAGES, orgPath, type MyOrg, type OrgInput, type OrgUpdate } from '@/shared/org';
import { useMyOrgs, useUpdateOrg } from '../api/orgs';
import { OrgForm } from './org-form';

/** The fields of `input` that differ from the organization's. */
function changes(org: MyOrg, input: OrgInput): OrgUpdate {
  const update: OrgUpdate = {};
  if (input.name !== org.name) update.name = input.name;
  if (input.kind !== org.kind) update.kind = input.kind;
  if (input.zone !== org.zone) update.zone = input.zone;
  if (input.description !== org.description) update.description = input.description;
  if (input.links.join('\n') !== org.links.join('\n')) update.links = input.links;
  return update;
}

function EditForm({ org }: { org: MyOrg }) {
  const update = useUpdateOrg(org.id);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const submit = (input: OrgInput) => {
    const changed = changes(org, input);
    if (Object.keys(changed).length === 0) {
      setError(ORG_MESSAGES.nothingToChange);
      return;
    }
    setError(null);
    update.mutate(changed, {
      // The page itself, with the new data, says it was saved.
      onSuccess: (saved) => void navigate({ to: orgPath(saved.slug) }),
      onError: (e) => setError(e.message),
    });
  };
  return (
    <OrgForm
      org={org}
      label="Editar la organización"
      submitLabel="Guardar cambios"
      pending={update.isPending}
      error={error}
      onSubmit={submit}
      note={
        org.verified && (
          <Text size="sm" c="dimmed">
            Si cambias el nombre, la organización pierde la insignia «Verificada» hasta que el
            equipo de Happy Dog la revise de nuevo.
          </Text>
        )
      }
    />
  );
}

export function OrgEditScreen({ slug }: { slug: string }) {
  const mine = useMyOrgs();
  const org = mine.data?.find((o) => o.slug === slug);
  if (mine.isPending) return <AccountPage title="Editar la organización">{null}</AccountPage>;
  if (!org || org.role !== 'admin') {
    return (
      <AccountPage title="Editar la organización">
        <Alert color="yellow" mt="lg" title="No administras esta organización">
          Solo quien la administra puede cambiar sus datos.{' '}
          <Anchor component={Link} to={orgPath(slug)} inherit>
            Ver su página pública
          </Anchor>
        </Alert>
      </AccountPage>
    );
  }
  return (
    <AccountPage
      title={`Editar ${org.name}`}
      intro={
        <Anchor component={Link} to={orgPath(org.slug)}>
          Ver la página pública
        </Anchor>
      }
    >
      <AccountSection id="org-form" title="Datos de la organización">
        <EditForm org={org} />
      </AccountSection>
    </AccountPage>
  );
}
