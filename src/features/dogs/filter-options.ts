// The catalogue's and the dog form's choices with their Spanish labels.
import type { DogAge, DogSex, DogSize, DogStatusFilter } from '@/shared/dog';

export const SIZE_OPTIONS: ReadonlyArray<{ value: DogSize; label: string }> = [
  { value: 'small', label: 'Pequeño' },
  { value: 'medium', label: 'Mediano' },
  { value: 'large', label: 'Grande' },
];
export const SEX_OPTIONS: ReadonlyArray<{ value: DogSex; label: string }> = [
  { value: 'male', label: 'Macho' },
  { value: 'female', label: 'Hembra' },
];
export const AGE_OPTIONS: ReadonlyArray<{ value: DogAge; label: string }> = [
  { value: 'puppy', label: 'Cachorro (menos de 1 año)' },
  { value: 'young', label: 'Joven (1 a 3 años)' },
  { value: 'adult', label: 'Adulto (3 a 8 años)' },
  { value: 'senior', label: 'Senior (más de 8 años)' },
];
/** The absent status is the default: available and pending. */
export const STATUS_OPTIONS: ReadonlyArray<{ value: DogStatusFilter; label: string }> = [
  { value: 'available', label: 'Disponibles' },
  { value: 'pending', label: 'En proceso' },
  { value: 'adopted', label: 'Adoptados' },
  { value: 'all', label: 'Todos' },
];
