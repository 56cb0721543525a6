// Account and session contract shared by the API server, the forms and the MSW handlers.
import { z } from 'zod';

export const emailSchema = z
  .string({ error: 'El correo electrónico es obligatorio' })
  .trim()
  .min(1, { error: 'El correo electrónico es obligatorio' })
  .max(254, { error: 'El correo electrónico no puede superar 254 caracteres' })
  .pipe(z.email({ error: 'El correo electrónico no es válido' }));

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'La contraseña es obligatoria' })
    .min(1, { error: 'La contraseña es obligatoria' })
    .max(128, { error: 'La contraseña no puede superar 128 caracteres' }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const PASSWORDS_DIFFER = 'Las contraseñas no coinciden';
export const CONSENT_REQUIRED = 'Debes aceptar la política de tratamiento de datos';

/** A person's name, as registration and the account screen accept it. */
export const nameSchema = z
  .string({ error: 'El nombre es obligatorio' })
  .trim()
  .min(2, { error: 'El nombre debe tener al menos 2 caracteres' })
  .max(80, { error: 'El nombre no puede superar 80 caracteres' });

/** A new password: the same rules wherever one is chosen (registration, change, reset). */
export const newPasswordSchema = z
  .string({ error: 'La contraseña es obligatoria' })
  .min(8, { error: 'La contraseña debe tener al menos 8 caracteres' })
  .max(128, { error: 'La contraseña no puede superar 128 caracteres' });

export const passwordValidateSchema = z.string({ error: 'Debes repetir la contraseña' });

/** Registration requires accepting the personal data policy; the API stores when and which version. */
export const consentSchema = z.literal(true, { error: CONSENT_REQUIRED });

export const registerSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    passwordValidate: passwordValidateSchema,
    consent: consentSchema,
  })
  .refine((v) => v.password === v.passwordValidate, {
    error: PASSWORDS_DIFFER,
    path: ['passwordValidate'],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  // The original client keeps `logged` in its session state and copies it from this object,
  // so every answer that carries the session user says so.
  logged: z.literal(true),
});
export type User = z.infer<typeof userSchema>;

/** The session user as every API answer (and the page's embedded data) carries it. */
export function toApiUser(user: { id: number; name: string; email: string; role: string }): User {
  return { id: user.id, name: user.name, email: user.email, role: user.role, logged: true };
}

export const userResponseSchema = z.object({ user: userSchema });
