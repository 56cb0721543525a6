// Test data builders: users and dogs with plausible Spanish values and unique ids.
import type { MockUser, StoredDog } from './msw/mock-db';

let userSeq = 100;
let dogSeq = 1000;

export function makeUser(overrides: Partial<MockUser> = {}): MockUser {
  userSeq += 1;
  return {
    id: userSeq,
    name: `Usuaria ${userSeq}`,
    email: `usuaria${userSeq}@example.com`,
    role: 'user',
    password: 'contraseña-segura',
    ...overrides,
  };
}

const NAMES = [
  'Luna',
  'Rocky',
  'Canela',
  'Toby',
  'Manchas',
  'Kira',
  'Bruno',
  'Nala',
  'Coco',
  'Max',
];

export function makeDog(overrides: Partial<StoredDog> = {}): StoredDog {
  dogSeq += 1;
  return {
    id: dogSeq,
    name: `${NAMES[dogSeq % NAMES.length]} ${dogSeq}`,
    city: 'Cali',
    height: '45 cm',
    weight: '12 kg',
    life_span: '12 a 14 años',
    personality: 'Juguetón y cariñoso',
    image: '',
    hostage_id: 1,
    ...overrides,
  };
}

/** `count` dogs with consecutive ids starting at `firstId` (the API lists them newest first). */
export function makeDogs(
  count: number,
  overrides: Partial<StoredDog> = {},
  firstId = 1,
): StoredDog[] {
  return Array.from({ length: count }, (_, i) =>
    makeDog({ id: firstId + i, name: `Perro ${firstId + i}`, ...overrides }),
  );
}
