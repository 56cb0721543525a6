// The organization's form, shared by registering one (/fundaciones/nueva) and by its admins'
// editing (/fundaciones/$slug/editar): checked here with the API's own rules, the server's Spanish
// message shown for anything else.
import '@mantine/core/styles/Input.css';
import { Button, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { FormError } from '@/components/form-parts';
import {
  ORG_DESCRIPTION_MAX,
  ORG_KIND_LABELS,
  ORG_KINDS,
  ORG_NAME_MAX,
  orgInputSchema,
  type Org,
  type OrgInput,
} from '@/shared/org';
import { ZONES } from '@/shared/zones';

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

const EMPTY: FormValues = { name: '', kind: '', zone: '', description: '', links: '' };

const valuesOf = (org: Org): FormValues => ({
  name: org.name,
  kind: org.kind,
  zone: org.zone,
  description: org.description,
  links: org.links.join('\n'),
});

export interface OrgFormProps {
  /** The organization being edited; a blank form without it. */
  org?: Org;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  pending: boolean;
  /** The server's error, if the last attempt failed. */
  error: string | null;
  onSubmit: (input: OrgInput) => void;
  /** Shown above the submit button (a note on what saving does). */
  note?: ReactNode;
}

export function OrgForm({ org, label, submitLabel, pending, error, onSubmit, note }: OrgFormProps) {
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: org ? valuesOf(org) : EMPTY,
    validate,
  });
  const submit = form.onSubmit((values) => onSubmit(orgInputSchema.parse(toInput(values))));
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
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
        {note}
        <FormError id="org-form-error" message={error} />
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
