// GET /api/zones's contract: the zones themselves (and which border which) are in zone-list.ts,
// which pages may import without zod.
import { z } from 'zod';
import { ZONE_IDS, ZONE_KINDS } from './zone-list';

export * from './zone-list';

export const zoneIdSchema = z.enum(ZONE_IDS, { error: 'La zona no es válida' });

/** One zone as `GET /api/zones` lists it. */
export const zoneSchema = z.object({
  id: zoneIdSchema,
  name: z.string(),
  kind: z.enum(ZONE_KINDS),
  hint: z.string().nullable(),
  /** The ids of the zones it borders. */
  borders: z.array(zoneIdSchema),
});
export type ZoneWithBorders = z.infer<typeof zoneSchema>;

export const zonesResponseSchema = z.array(zoneSchema);
