// /cuenta: the person's own data and rights over it. Edit name and phone and the adopter profile,
// change the password, sign out on every device, download everything stored, delete the account
// (password plus a confirmation). The page around it says what to do when this browser's session ends.
import '@mantine/core/styles/Input.css';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { notify, openConfirmModal, preloadOverlays } from '@/components/overlays/overlays';
import { useHydrating } from '@/lib/use-hydrating';
import {
  changePasswordSchema,
  deleteAccountSchema,
  formatMobilePhone,
  mobilePhoneSchema,
  PHONE_INVALID,
  type AccountUser,
  type ChangePasswordInput,
} from '@/shared/account';
import { PRIVACY_POLICY_PATH } from '@/shared/privacy';
import { nameSchema } from '@/shared/user';
import { useChangePassword } from '@/features/account/api/change-password';
import { useDeleteAccount } from '@/features/account/api/delete-account';
import { useExportData } from '@/features/account/api/export-data';
import { useAccount } from '@/lib/auth/get-account';
import { useLogoutAll } from '@/features/account/api/logout-all';
import { useUpdateProfile } from '@/features/account/api/update-profile';
import { FormError, FormShell, NewPasswordFields } from '@/components/form-parts';
import { AdopterProfileSection } from '@/features/adoption/components/adopter-profile-section';
import { AlertsSection } from '@/features/alerts/components/alerts-section';
import { AdoptionList } from '@/features/follow-up/components/adoption-list';
import { AccountPage, AccountSection } from '@/components/account-page';

export type SessionEndReason = 'logout-all' | 'deleted';

type AccountScreenProps = {
  /** This browser's session has ended (every session closed, or the account deleted). */
  onSessionEnded: (reason: SessionEndReason) => void;
  /** The account after a change of name or phone. */
  onProfileSaved?: (user: AccountUser) => void;
};

export function AccountScreen({ onSessionEnded, onProfileSaved }: AccountScreenProps) {
  return (
    <AccountPage
      title="Mi cuenta"
      intro={
        <>
          Tus datos, tu contraseña y tus derechos sobre tu información personal, según la{' '}
          <Anchor component={Link} to={PRIVACY_POLICY_PATH}>
            política de tratamiento de datos personales
          </Anchor>
          .
        </>
      }
    >
      <ProfileSection onSaved={onProfileSaved} />
      <AdopterProfileSection />
      <AlertsSection />
      <AccountSection id="adopciones" title="Mis adopciones">
        <AdoptionList role="adopter" label="Perros que adoptaste" />
      </AccountSection>
      <PasswordSection />
      <SessionsSection onSessionEnded={onSessionEnded} />
      <DataSection />
      <DeleteSection onSessionEnded={onSessionEnded} />
    </AccountPage>
  );
}

const profileFormSchema = z.object({
  name: nameSchema,
  phone: z.union([z.literal(''), mobilePhoneSchema], { error: PHONE_INVALID }),
});
type ProfileForm = { name: string; phone: string };

function ProfileSection({ onSaved }: { onSaved?: (user: AccountUser) => void }) {
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

const emptyPassword: ChangePasswordInput = { current: '', password: '', passwordValidate: '' };

function PasswordSection() {
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    mode: 'controlled',
    initialValues: emptyPassword,
    validate: schemaResolver(changePasswordSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    setError(null);
    change.mutate(changePasswordSchema.parse(values), {
      onSuccess: () => {
        form.reset();
        notify({
          color: 'teal',
          title: 'Contraseña cambiada',
          message: 'Cerramos la sesión en tus otros dispositivos. Te enviamos un correo de aviso.',
        });
      },
      onError: (e) => setError(e.message),
    });
  });

  return (
    <AccountSection id="contrasena" title="Cambiar contraseña">
      <Text size="sm" mb="sm">
        Al cambiarla se cierra la sesión en tus otros dispositivos; en este sigues conectado.
      </Text>
      <FormShell
        onSubmit={handleSubmit}
        errorId="contrasena-error"
        error={error}
        footer={
          <Group>
            <Button type="submit" loading={change.isPending}>
              Cambiar contraseña
            </Button>
          </Group>
        }
      >
        <TextInput
          label="Contraseña actual"
          type="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('current')}
        />
        <NewPasswordFields label="Nueva contraseña" inputProps={form.getInputProps} />
      </FormShell>
    </AccountSection>
  );
}

function SessionsSection({
  onSessionEnded,
}: {
  onSessionEnded: (reason: SessionEndReason) => void;
}) {
  const logoutAll = useLogoutAll();
  const hydrating = useHydrating();
  return (
    <AccountSection id="sesiones" title="Sesiones">
      <Text size="sm" mb="sm">
        ¿Ingresaste desde un computador prestado o perdiste tu celular? Cierra la sesión en todos
        los dispositivos, también en este.
      </Text>
      <Button
        variant="outline"
        // A long label: on a phone it wraps inside the button instead of spilling out of the card.
        h="auto"
        mih={36}
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
        disabled={hydrating}
        loading={logoutAll.isPending}
        onClick={() =>
          logoutAll.mutate(undefined, {
            onSuccess: () => {
              notify({
                color: 'teal',
                title: 'Sesiones cerradas',
                message: 'Cerramos tu sesión en todos los dispositivos.',
              });
              onSessionEnded('logout-all');
            },
            onError: (e) =>
              notify({
                color: 'red',
                title: 'No se pudieron cerrar las sesiones',
                message: e.message,
              }),
          })
        }
      >
        Cerrar sesión en todos los dispositivos
      </Button>
    </AccountSection>
  );
}

function DataSection() {
  const exportData = useExportData();
  const hydrating = useHydrating();
  return (
    <AccountSection id="datos" title="Tus datos personales">
      <Text size="sm" mb="sm">
        Descarga en un archivo JSON todo lo que guardamos sobre ti: tus datos, la versión de la
        política que aceptaste, tus perros publicados y las fechas de tus sesiones.
      </Text>
      <Button
        variant="light"
        disabled={hydrating}
        loading={exportData.isPending}
        onClick={() =>
          exportData.mutate(undefined, {
            onSuccess: () =>
              notify({
                color: 'teal',
                title: 'Descarga lista',
                message: 'Guardamos tus datos en un archivo JSON.',
              }),
            onError: (e) =>
              notify({
                color: 'red',
                title: 'No se pudieron descargar tus datos',
                message: e.message,
              }),
          })
        }
      >
        Descargar mis datos
      </Button>
    </AccountSection>
  );
}

function DeleteSection({ onSessionEnded }: { onSessionEnded: (reason: SessionEndReason) => void }) {
  const remove = useDeleteAccount();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ password: string }>({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: schemaResolver(deleteAccountSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit(({ password }) => {
    setError(null);
    void openConfirmModal({
      modalId: 'delete-account',
      title: '¿Eliminar tu cuenta?',
      children: (
        <Text size="sm">
          Borraremos tu cuenta, tus perros publicados con sus fotos, tus solicitudes, tus favoritos
          y tus sesiones. No se puede deshacer.
        </Text>
      ),
      labels: { confirm: 'Sí, eliminar mi cuenta', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { password },
          {
            onSuccess: () => {
              notify({
                color: 'teal',
                title: 'Cuenta eliminada',
                message:
                  'Eliminamos tu cuenta y tus datos. Puedes volver a registrarte cuando quieras.',
              });
              onSessionEnded('deleted');
            },
            onError: (e) => {
              form.reset();
              setError(e.message);
            },
          },
        ),
    });
  });

  return (
    <AccountSection id="eliminar" title="Eliminar mi cuenta" danger>
      <Text size="sm" mb="sm">
        Se borran tu cuenta y todo lo tuyo: perros publicados, fotos, solicitudes, favoritos y
        sesiones. Luego puedes registrarte de nuevo con el mismo correo.
      </Text>
      <FormShell
        onSubmit={handleSubmit}
        errorId="eliminar-error"
        error={error}
        footer={
          <Group>
            <Button
              type="submit"
              color="red"
              loading={remove.isPending}
              onMouseEnter={preloadOverlays}
              onFocus={preloadOverlays}
            >
              Eliminar mi cuenta
            </Button>
          </Group>
        }
      >
        <TextInput
          label="Tu contraseña"
          type="password"
          autoComplete="current-password"
          description="La pedimos para confirmar que eres tú."
          required
          {...form.getInputProps('password')}
        />
      </FormShell>
    </AccountSection>
  );
}
