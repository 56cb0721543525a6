// The parts every account form shares (login, registration, account, password recovery): the
// fieldset that waits for hydration, the server's error, a lasting confirmation and the pair of
// new-password fields.
import { Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { useHydrating } from '@/lib/use-hydrating';
import classes from './form-parts.module.css';

/**
 * A form's controls, disabled until the page the server drew is hydrated: text typed earlier
 * would be wiped by hydration, and a click would do nothing.
 */
export function FormFields({ children }: { children: ReactNode }) {
  return (
    <fieldset className={classes.fields} disabled={useHydrating()}>
      {children}
    </fieldset>
  );
}

/** A server's error text, announced as soon as it appears (the region is always present). */
export function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <div id={id} role="alert" aria-atomic="true">
      {message && (
        <p className={classes.error}>
          <IconAlertCircle size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
          <span>{message}</span>
        </p>
      )}
    </div>
  );
}

/** A confirmation that stays on the page (announced politely). */
export function DoneMessage({ children }: { children: ReactNode }) {
  return (
    <div role="status" className={classes.done}>
      {children}
    </div>
  );
}

type NewPasswordFieldsProps = {
  /** Mantine form's getInputProps for the two fields. */
  inputProps: (path: 'password' | 'passwordValidate') => GetInputPropsReturnType;
  /** "Contraseña" on registration, "Nueva contraseña" when one is replaced. */
  label: string;
};

/** A new password and its repetition (the minimum length is told beside the first). */
export function NewPasswordFields({ inputProps, label }: NewPasswordFieldsProps) {
  return (
    <>
      <TextInput
        label={label}
        type="password"
        autoComplete="new-password"
        description="Mínimo 8 caracteres"
        required
        {...inputProps('password')}
      />
      <TextInput
        label={`Repetir ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        required
        {...inputProps('passwordValidate')}
      />
    </>
  );
}

type FormShellProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The id of the error region, which describes the form. */
  errorId: string;
  error: string | null;
  /** The fields. */
  children: ReactNode;
  /** What comes after the error: the submit button and any link. */
  footer: ReactNode;
};

/** A form whose fields wait for hydration, followed by the server's error and the submit button. */
export function FormShell({ onSubmit, errorId, error, children, footer }: FormShellProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={errorId}>
      <FormFields>
        <Stack gap="md">
          {children}
          <FormError id={errorId} message={error} />
          {footer}
        </Stack>
      </FormFields>
    </form>
  );
}
