// Reusable response declarations for route specs (they document the API in openapi.json).
import { z } from 'zod';
import { errorBodySchema } from '../../shared/api';

export interface ResponseSpec {
  description: string;
  /** The body's shape. Without one the answer has no JSON body built from a value (204). */
  schema?: z.ZodType;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Parámetros o cuerpo inválidos, o JSON mal formado',
  401: 'Sin sesión válida',
  403: 'Prohibido (no es el dueño, no es administrador, u origen de otro sitio)',
  404: 'No existe',
  409: 'Conflicto',
  413: 'Cuerpo de más de 64 KiB',
  415: 'El cuerpo no es application/json',
  429: 'Demasiados intentos',
  503: 'La base de datos no responde',
};

/** Error responses, all shaped `{"error": "..."}`. */
export function errors(...statuses: number[]): Record<number, ResponseSpec> {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: ERROR_DESCRIPTIONS[s] ?? 'Error', schema: errorBodySchema },
    ]),
  );
}

export const trueSchema = z.literal(true);

/** The refusals of any route that reads a JSON body. */
export const BODY_ERRORS = [400, 403, 413, 415] as const;
