// HTTP contract pieces shared by the server and the browser: error body and fixed messages.
import { z } from 'zod';

export const errorBodySchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const MESSAGES = {
  badCredentials: 'Correo o contraseña incorrectos',
  passwordsDiffer: 'Las contraseñas no coinciden',
  emailTaken: 'El correo ya está registrado',
  tooManyAttempts: 'Demasiados intentos, espera un momento',
  notLoggedIn: 'Debes iniciar sesión',
  notOwner: 'Solo el dueño puede modificar esta publicación',
  adminOnly: 'Solo los administradores pueden hacer esto',
  dogNotFound: 'El perro no existe',
  notFound: 'Recurso no encontrado',
  badJson: 'El cuerpo de la petición no es JSON válido',
  bodyTooLarge: 'El cuerpo de la petición es demasiado grande',
  unsupportedMediaType: 'El cuerpo de la petición debe ser JSON (application/json)',
  foreignOrigin: 'Origen no permitido',
  internal: 'Error interno del servidor',
  unavailable: 'La base de datos no responde',
} as const;
