// /fundaciones/nueva: a logged-in person registers their foundation, independent rescue or
// shelter and becomes its admin; then they land on its public page.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AccountPage, AccountSection } from '@/components/account-page';
import { orgPath } from '@/shared/org';
import { useCreateOrg } from '../api/orgs';
import { OrgForm } from './org-form';

export function OrgFormScreen() {
  const create = useCreateOrg();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  return (
    <AccountPage
      title="Registrar una organización"
      intro="Para fundaciones, rescatistas independientes y refugios. Quedarás como administrador o administradora, y podrás invitar a tu equipo."
    >
      <AccountSection id="org-form" title="Datos de la organización">
        <OrgForm
          label="Registrar una organización"
          submitLabel="Registrar organización"
          pending={create.isPending}
          error={error}
          onSubmit={(input) => {
            setError(null);
            create.mutate(input, {
              onSuccess: (org) => void navigate({ to: orgPath(org.slug) }),
              onError: (e) => setError(e.message),
            });
          }}
        />
      </AccountSection>
    </AccountPage>
  );
}
