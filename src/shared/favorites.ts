// "Guardados": the path parameter of the favorites API.
import { z } from 'zod';

/** `/api/me/favorites/:dogId` */
export const favoriteDogParamSchema = z.object({
  dogId: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'El id del perro no es válido' })
    .transform(Number),
});
