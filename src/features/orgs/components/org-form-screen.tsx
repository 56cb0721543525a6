// /fundaciones/nueva: a logged-in person registers their foundation, independent rescue or
// shelter and becomes its admin; then they land on its public page.
import '@mantine/core/styles/Input.css';
import { Button, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormError } from '@/components/form-parts';
import { AccountPage, AccountSection } from '@/features/account/components/account-page';
import {
  ORG_DESCRIPTION_MAX,
  ORG_KIND_LABELS,
  ORG_KINDS,
  ORG_NAME_MAX,
  orgInputSchema,
  orgPath,
} from '@/shared/org';
import { ZONES } from '@/shared/zones';
import { useCreateOrg } from '../api/orgs';

type FormValues = { name: string; kind: string; zone: string; description: string; links: string };

const toInput = (values: FormValues) => ({
  name: values.name,
  kind: values.kind || undefined,
  zone: values.zone || undefined,
  description: values.description,
  links: values.links
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
});

const resolver = schemaResolver(orgInputSchema, { sync: true });
const validate = (values: FormValues) => {
  const errors = resolver(toInput(values) as never) as Record<string, string>;
  // Each link's error is reported on the one field that holds them all.
  const link = Object.entries(errors).find(([key]) => key.startsWith('links'));
  return link ? { ...errors, links: link[1] } : errors;
};

export function OrgFormScreen() {
  const create = useCreateOrg();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { name: '', kind: '', zone: '', description: '', links: '' },
    validate,
  });
  const submit = form.onSubmit((values) => {
    setError(null);
    create.mutate(orgInputSchema.parse(toInput(values)), {
      onSuccess: (org) => void navigate({ to: orgPath(org.slug) }),
      onError: (e) => setError(e.message),
    });
  });
  return (
    <AccountPage
      title="Registrar una organización"
      intro="Para fundaciones, rescatistas independientes y refugios. Quedarás como administrador o administradora, y podrás invitar a tu equipo."
    >
      <AccountSection id="org-form" title="Datos de la organización">
        <form onSubmit={submit} noValidate aria-label="Registrar una organización">
          <Stack gap="sm">
            <TextInput
              label="Nombre"
              required
              maxLength={ORG_NAME_MAX}
              {...form.getInputProps('name')}
            />
            <NativeSelect
              label="Tipo"
              required
              data={[
                { value: '', label: 'Elige una opción' },
                ...ORG_KINDS.map((kind) => ({ value: kind, label: ORG_KIND_LABELS[kind] })),
              ]}
              {...form.getInputProps('kind')}
            />
            <NativeSelect
              label="Zona"
              description="Dónde trabajan principalmente"
              required
              data={[
                { value: '', label: 'Elige una zona' },
                ...ZONES.map((zone) => ({ value: zone.id, label: zone.name })),
              ]}
              {...form.getInputProps('zone')}
            />
            <Textarea
              label="Descripción"
              description="Quiénes son, desde cuándo rescatan, cómo es su proceso de adopción"
              required
              autosize
              minRows={4}
              maxLength={ORG_DESCRIPTION_MAX}
              {...form.getInputProps('description')}
            />
            <Textarea
              label="Enlaces (opcional)"
              description="Sitio web, Instagram o Facebook: uno por línea, hasta 5"
              autosize
              minRows={2}
              {...form.getInputProps('links')}
            />
            <FormError id="org-form-error" message={error} />
            <Button type="submit" loading={create.isPending}>
              Registrar organización
            </Button>
          </Stack>
        </form>
      </AccountSection>
    </AccountPage>
  );
}
