// The adopter profile ("Perfil de adoptante"): filled once in /cuenta, copied into every adoption
// application the person sends. One schema for the API (GET/PUT /api/me/adopter-profile), the
// form and the MSW handlers; every message names its field.
import { z } from 'zod';
import { ZONE_IDS } from './zones';

export const HOUSING_KINDS = ['house', 'apartment', 'farm'] as const;
export type Housing = (typeof HOUSING_KINDS)[number];
export const HOUSING_LABELS: Record<Housing, string> = {
  house: 'Casa',
  apartment: 'Apartamento',
  farm: 'Finca',
};

export const ADOPTER_TEXT_MAX = 500;
export const ADULTS_MAX = 20;
export const CHILDREN_MAX = 20;
export const HOURS_ALONE_MAX = 24;

const flag = (label: string) => z.boolean({ error: `${label}: responde sí o no` });

const count = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}: escribe un número` })
    .int({ error: `${label}: debe ser un número entero` })
    .min(min, { error: `${label}: debe ser al menos ${min}` })
    .max(max, { error: `${label}: no puede ser más de ${max}` });

const text = (label: string) =>
  z
    .string({ error: `${label}: debe ser texto` })
    .trim()
    .max(ADOPTER_TEXT_MAX, { error: `${label}: no puede superar ${ADOPTER_TEXT_MAX} caracteres` });

/** How each field is named in messages and on the form. */
export const ADOPTER_FIELD_LABELS = {
  housing: 'Vivienda',
  owns_home: 'Vivienda propia',
  landlord_allows_pets: 'El arrendador permite mascotas',
  adults: 'Adultos en el hogar',
  children: 'Niños en el hogar',
  household_agrees: 'Todos en el hogar están de acuerdo',
  other_animals: 'Otros animales',
  experience: 'Experiencia con perros',
  hours_alone: 'Horas solo al día',
  sleeps_where: 'Dónde dormirá',
  zone: 'Zona',
  will_sterilize: 'Me comprometo a esterilizarlo',
  accepts_follow_up: 'Acepto el seguimiento',
} as const;
const L = ADOPTER_FIELD_LABELS;

export const adopterProfileInputSchema = z
  .object({
    housing: z.enum(HOUSING_KINDS, {
      error: `${L.housing}: elige una casa, un apartamento o una finca`,
    }),
    owns_home: flag(L.owns_home),
    /** Only asked when the home is rented; null otherwise. */
    landlord_allows_pets: z
      .boolean({ error: `${L.landlord_allows_pets}: responde sí o no` })
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    adults: count(L.adults, 1, ADULTS_MAX),
    children: count(L.children, 0, CHILDREN_MAX),
    household_agrees: flag(L.household_agrees),
    other_animals: text(L.other_animals).default(''),
    experience: text(L.experience).default(''),
    hours_alone: count(L.hours_alone, 0, HOURS_ALONE_MAX),
    sleeps_where: text(L.sleeps_where).min(1, {
      error: `${L.sleeps_where}: cuéntanos dónde dormirá el perro`,
    }),
    zone: z.enum(ZONE_IDS, {
      error: `${L.zone}: elige una zona de la lista`,
    }),
    will_sterilize: flag(L.will_sterilize),
    accepts_follow_up: flag(L.accepts_follow_up),
  })
  .transform((p) => ({ ...p, landlord_allows_pets: p.owns_home ? null : p.landlord_allows_pets }))
  .refine((p) => p.owns_home || p.landlord_allows_pets !== null, {
    path: ['landlord_allows_pets'],
    error: `${L.landlord_allows_pets}: si vives en arriendo, dinos si el arrendador permite mascotas`,
  });
export type AdopterProfileInput = z.input<typeof adopterProfileInputSchema>;

/** The stored profile (and the snapshot an application carries). */
export const adopterProfileSchema = z.object({
  housing: z.enum(HOUSING_KINDS),
  owns_home: z.boolean(),
  landlord_allows_pets: z.boolean().nullable(),
  adults: z.number().int(),
  children: z.number().int(),
  household_agrees: z.boolean(),
  other_animals: z.string(),
  experience: z.string(),
  hours_alone: z.number().int(),
  sleeps_where: z.string(),
  zone: z.string(),
  will_sterilize: z.boolean(),
  accepts_follow_up: z.boolean(),
});
export type AdopterProfile = z.infer<typeof adopterProfileSchema>;

export const adopterProfileResponseSchema = z.object({ profile: adopterProfileSchema.nullable() });

/** A dog whose `sterilized` is false needs both commitments; null counts as sterilized. */
export function meetsSterilizationRule(
  dog: { sterilized?: boolean | null },
  profile: Pick<AdopterProfile, 'will_sterilize' | 'accepts_follow_up'> | null | undefined,
): boolean {
  if (dog.sterilized !== false) return true;
  return Boolean(profile?.will_sterilize && profile.accepts_follow_up);
}

export const STERILIZATION_RULE_MESSAGE =
  'Este perro aún no está esterilizado: para enviar la solicitud, tu perfil de adoptante debe decir que te comprometes a esterilizarlo y que aceptas el seguimiento';
