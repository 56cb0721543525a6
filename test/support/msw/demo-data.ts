// Data of `npm run dev:mock`: a demo account that can log in, another owner, and 30 dogs (more
// than one page of 24, so paging can be tried), using the demo photos under public/demo-dogs.
import type { MockSeed, MockUser, StoredDog } from './mock-db';

export const DEMO_LOGIN = { email: 'ana@example.com', password: 'happydog123' } as const;

const ana: MockUser = { id: 1, name: 'Ana Gómez', role: 'user', ...DEMO_LOGIN };
const fundacion: MockUser = {
  id: 2,
  name: 'Fundación Happy Dog',
  email: 'adopciones@happydog.example',
  role: 'user',
  password: 'no-se-puede-ingresar-con-esta-cuenta',
};

const PHOTOS = ['luna', 'rocky', 'canela', 'toby', 'nala', 'bruno', 'lola', 'max', 'mona', 'simon'];
const NAMES = [
  'Luna',
  'Rocky',
  'Canela',
  'Toby',
  'Nala',
  'Bruno',
  'Lola',
  'Max',
  'Mona',
  'Simón',
  'Kira',
  'Coco',
  'Manchas',
  'Tommy',
  'Frida',
  'Oreo',
  'Paca',
  'Zeus',
  'Maya',
  'Pelusa',
  'Chispa',
  'Lucas',
  'Greta',
  'Thor',
  'Pipa',
  'Negra',
  'Copito',
  'Bombón',
  'Rufo',
  'Sol',
];
const CITIES = ['Cali', 'Jamundí', 'Palmira', 'Yumbo', 'Candelaria', 'Dagua'];
const TRAITS = [
  'Cariñosa y tranquila; se lleva bien con niños y con otros perros.',
  'Muy juguetón, le encanta correr en el parque y buscar la pelota.',
  'Dormilona y mimada; ideal para un apartamento.',
  'Guardián noble, algo tímido al principio pero muy leal.',
];

const dogs: StoredDog[] = NAMES.map((name, i) => ({
  id: i + 1,
  name,
  city: CITIES[i % CITIES.length]!,
  height: `${35 + (i % 5) * 5} cm`,
  weight: `${8 + (i % 6) * 3} kg`,
  life_span: '12 a 15 años',
  personality: TRAITS[i % TRAITS.length]!,
  // Every seventh dog has no photo, to show the placeholder.
  image: i % 7 === 3 ? '' : `/demo-dogs/${PHOTOS[i % PHOTOS.length]}.svg`,
  hostage_id: i % 4 === 0 ? ana.id : fundacion.id,
}));

export const demoSeed: MockSeed = { users: [ana, fundacion], dogs };
