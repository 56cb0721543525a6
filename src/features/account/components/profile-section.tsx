// Mi cuenta, "Tus datos": the person's name and mobile phone.
import '@mantine/core/styles/Input.css';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { notify } from '@/components/overlays/overlays';
import {
  formatMobilePhone,
  mobilePhoneSchema,
  PHONE_INVALID,
  type AccountUser,
} from '@/shared/account';
import { nameSchema } from '@/shared/user';
import { useAccount } from '@/lib/auth/get-account';
import { useUpdateProfile } from '../api/update-profile';
import { FormError, FormShell } from '@/components/form-parts';
import { AccountSection } from '@/components/account-page';

const profileFormSchema = z.object({
  name: nameSchema,
  phone: z.union([z.literal(''), mobilePhoneSchema], { error: PHONE_INVALID }),
});
type ProfileForm = { name: string; phone: string };

export function ProfileSection({ onSaved }: { onSaved?: (user: AccountUser) => void }) {
  const account = useAccount();
  return (
    <AccountSection id="perfil" title="Tus datos">
      {account.isPending ? (
        <Text role="status">Cargando...</Text>
      ) : account.isError ? (
        <Stack gap="sm" align="flex-start">
          <FormError id="perfil-carga" message={account.error.message} />
          <Button variant="light" onClick={() => void account.refetch()}>
            Reintentar
          </Button>
        </Stack>
      ) : (
        <ProfileForm account={account.data} onSaved={onSaved} />
      )}
    </AccountSection>
  );
}

function ProfileForm({
  account,
  onSaved,
}: {
  account: AccountUser;
  onSaved?: (user: AccountUser) => void;
}) {
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ProfileForm>({
    mode: 'controlled',
    initialValues: {
      name: account.name,
      phone: account.phone ? formatMobilePhone(account.phone) : '',
    },
    validate: schemaResolver(profileFormSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    setError(null);
    const parsed = profileFormSchema.parse(values);
    update.mutate(
      { name: parsed.name, phone: parsed.phone === '' ? null : parsed.phone },
      {
        onSuccess: (user) => {
          form.setValues({
            name: user.name,
            phone: user.phone ? formatMobilePhone(user.phone) : '',
          });
          form.resetDirty();
          notify({
            color: 'teal',
            title: 'Datos guardados',
            message: 'Tus datos se actualizaron.',
          });
          onSaved?.(user);
        },
        onError: (e) => setError(e.message),
      },
    );
  });

  return (
    <FormShell
      onSubmit={handleSubmit}
      errorId="perfil-error"
      error={error}
      footer={
        <Group>
          <Button type="submit" loading={update.isPending}>
            Guardar cambios
          </Button>
        </Group>
      }
    >
      <TextInput
        label="Correo electrónico"
        value={account.email}
        readOnly
        description="Es tu usuario para ingresar; no se puede cambiar aquí."
      />
      <TextInput
        label="Nombre completo"
        autoComplete="name"
        required
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Celular"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        placeholder="300 123 4567"
        description="Opcional. Un celular de Colombia; solo lo ven personas que ingresaron al sitio, nunca los visitantes anónimos."
        {...form.getInputProps('phone')}
      />
    </FormShell>
  );
}
