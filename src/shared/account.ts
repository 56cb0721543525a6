// Account and personal data contract (profile, password, export, deletion, password reset),
// shared by the API server, the account screens and the MSW handlers.
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { PHONE_METADATA } from './phone-metadata';
import { z } from 'zod';
import {
  emailSchema,
  nameSchema,
  newPasswordSchema,
  PASSWORDS_DIFFER,
  passwordValidateSchema,
  userSchema,
} from './user';

export const PHONE_INVALID =
  'El celular no es válido: escribe un número móvil de Colombia, por ejemplo 300 123 4567';

/**
 * A Colombian mobile number in any usual spelling ("300 123 4567", "+57 300 1234567"), turned
 * into E.164 ("+573001234567"). Landlines and foreign numbers are refused.
 */
export const mobilePhoneSchema = z
  .string({ error: PHONE_INVALID })
  .trim()
  .max(30, { error: PHONE_INVALID })
  .transform((value, ctx) => {
    const phone = parsePhoneNumberFromString(value, 'CO', PHONE_METADATA);
    if (!phone || phone.country !== 'CO' || !phone.isValid()) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
      return z.NEVER;
    }
    return phone.number as string;
  });

/** How the account screen shows a stored E.164 number: "300 123 4567". */
export function formatMobilePhone(e164: string): string {
  return parsePhoneNumberFromString(e164, 'CO', PHONE_METADATA)?.formatNational() ?? e164;
}

/** PATCH /api/user/me. A phone of "" or null removes it. */
export const updateProfileSchema = z
  .object({
    name: nameSchema.optional(),
    phone: z
      .union([z.null(), z.literal(''), mobilePhoneSchema], { error: PHONE_INVALID })
      .transform((v) => (v === '' ? null : v))
      .optional(),
  })
  .refine((v) => v.name !== undefined || v.phone !== undefined, {
    error: 'Indica el nombre o el celular que quieres cambiar',
  });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** The session user plus what only its owner sees (the phone), as the account screen needs it. */
export const accountUserSchema = userSchema.extend({ phone: z.string().nullable() });
export type AccountUser = z.infer<typeof accountUserSchema>;
export const accountResponseSchema = z.object({ user: accountUserSchema });

const currentPasswordSchema = z
  .string({ error: 'Escribe tu contraseña actual' })
  .min(1, { error: 'Escribe tu contraseña actual' })
  .max(128, { error: 'La contraseña no puede superar 128 caracteres' });

const matchingPasswords = <T extends { password: string; passwordValidate: string }>(v: T) =>
  v.password === v.passwordValidate;

/** POST /api/user/password. */
export const changePasswordSchema = z
  .object({
    current: currentPasswordSchema,
    password: newPasswordSchema,
    passwordValidate: passwordValidateSchema,
  })
  .refine(matchingPasswords, { error: PASSWORDS_DIFFER, path: ['passwordValidate'] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** DELETE /api/user/me: the password confirms that the person at the keyboard owns the account. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: 'Escribe tu contraseña para confirmar' })
    .min(1, { error: 'Escribe tu contraseña para confirmar' })
    .max(128, { error: 'La contraseña no puede superar 128 caracteres' }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** POST /api/user/password-reset. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** The one answer to a reset request, whether or not the e-mail has an account. */
export const PASSWORD_RESET_REQUESTED =
  'Si ese correo tiene una cuenta en Happy Dog, te enviamos un enlace para crear una nueva contraseña. Revisa tu bandeja de entrada y la carpeta de spam; el enlace vence en 30 minutos.';
export const passwordResetRequestedSchema = z.object({
  message: z.literal(PASSWORD_RESET_REQUESTED),
});

export const RESET_LINK_INVALID =
  'El enlace para crear una nueva contraseña no es válido, ya se usó o venció. Pide uno nuevo.';

/** The token of a reset link: 32 random bytes in base64url (43 characters). */
export const resetTokenSchema = z
  .string({ error: RESET_LINK_INVALID })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: RESET_LINK_INVALID });

/** POST /api/user/password-reset/check: whether the link still works, asked when it is opened. */
export const passwordResetCheckSchema = z.object({ token: resetTokenSchema });
export type PasswordResetCheckInput = z.infer<typeof passwordResetCheckSchema>;

/** POST /api/user/password-reset/confirm. */
export const passwordResetConfirmSchema = z
  .object({
    token: resetTokenSchema,
    password: newPasswordSchema,
    passwordValidate: passwordValidateSchema,
  })
  .refine(matchingPasswords, { error: PASSWORDS_DIFFER, path: ['passwordValidate'] });
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

/** Where a reset link points: the page that asks for the new password. */
export const resetLinkPath = (token: string) => `/recuperar/${token}`;

/** GET /api/user/export: everything stored about the person, as downloaded. */
export const accountExportSchema = z
  .object({
    exported_at: z.string(),
    policy_version: z.string(),
    profile: z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      role: z.string(),
      created_at: z.string(),
    }),
    consents: z.array(z.object({ policy_version: z.string(), accepted_at: z.string() })),
    sessions: z.array(z.object({ created_at: z.string(), last_seen_at: z.string() })),
  })
  .catchall(z.unknown());
export type AccountExport = z.infer<typeof accountExportSchema>;
