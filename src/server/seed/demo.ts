// Demo data for a brand-new embedded database: a locked owner account and a few dogs near Cali.
import type { Db } from '../db/db';
import type { ProcessedPhoto } from '../photos/processing';
import { createPhotoRepository } from '../photos/repository';
import { LOCKED_PASSWORD_HASH } from '../users/passwords';
import { readDemoPhotos } from './demo-photos';

export const DEMO_OWNER = {
  name: 'Fundación Happy Dog',
  // A reserved domain (RFC 2606): the address is for show, never delivered anywhere.
  email: 'adopciones@happydog.example',
};

interface DemoDog {
  name: string;
  city: string;
  height: string;
  weight: string;
  life_span: string;
  personality: string;
  image: string;
  // The profile (migration 005); null where the foundation does not know.
  sex: 'male' | 'female';
  size: 'small' | 'medium' | 'large';
  age_months: number | null;
  sterilized: boolean | null;
  vaccinated: boolean | null;
  good_with_kids: boolean | null;
  good_with_dogs: boolean | null;
  good_with_cats: boolean | null;
  status: 'available' | 'pending';
}

/** Listed oldest first: the last one becomes the newest dog in the carousel. */
export const DEMO_DOGS: readonly DemoDog[] = [
  {
    name: 'Lola',
    city: 'Santander de Quilichao',
    height: '40 cm',
    weight: '11 kg',
    life_span: '13 a 15 años',
    personality:
      'Coqueta y cariñosa. Le encanta que le rasquen detrás de las orejas y duerme la siesta al sol.',
    image: '/demo-dogs/lola.svg',
    sex: 'female',
    size: 'small',
    age_months: 36,
    sterilized: true,
    vaccinated: true,
    good_with_kids: true,
    good_with_dogs: null,
    good_with_cats: true,
    status: 'available',
  },
  {
    name: 'Toby',
    city: 'Dagua',
    height: '48 cm',
    weight: '19 kg',
    life_span: '12 a 14 años',
    personality:
      'Tranquilo y paciente con los niños. Camina muy bien con correa y no le teme a la lluvia.',
    image: '/demo-dogs/toby.svg',
    sex: 'male',
    size: 'medium',
    age_months: 72,
    sterilized: true,
    vaccinated: true,
    good_with_kids: true,
    good_with_dogs: true,
    good_with_cats: null,
    status: 'available',
  },
  {
    name: 'Bruno',
    city: 'Candelaria',
    height: '62 cm',
    weight: '32 kg',
    life_span: '10 a 12 años',
    personality:
      'Un gigante noble. Es calmado dentro de casa y feliz cuando tiene un patio para correr.',
    image: '/demo-dogs/bruno.svg',
    sex: 'male',
    size: 'large',
    age_months: 108,
    sterilized: true,
    vaccinated: true,
    good_with_kids: null,
    good_with_dogs: false,
    good_with_cats: false,
    status: 'pending',
  },
  {
    name: 'Mona',
    city: 'Yumbo',
    height: '35 cm',
    weight: '9 kg',
    life_span: '14 a 16 años',
    personality: 'Curiosa y juguetona. Aprende trucos rapidísimo si hay premios de por medio.',
    image: '/demo-dogs/mona.svg',
    sex: 'female',
    size: 'small',
    age_months: 8,
    sterilized: false,
    vaccinated: true,
    good_with_kids: true,
    good_with_dogs: true,
    good_with_cats: null,
    status: 'available',
  },
  {
    name: 'Simón',
    city: 'Buga',
    height: '55 cm',
    weight: '24 kg',
    life_span: '11 a 13 años',
    personality:
      'Leal y protector. Saluda a todos moviendo la cola y se lleva bien con otros perros.',
    image: '/demo-dogs/simon.svg',
    sex: 'male',
    size: 'large',
    age_months: 30,
    sterilized: true,
    vaccinated: true,
    good_with_kids: true,
    good_with_dogs: true,
    good_with_cats: null,
    status: 'available',
  },
  {
    name: 'Nala',
    city: 'Tuluá',
    height: '45 cm',
    weight: '15 kg',
    life_span: '12 a 15 años',
    personality:
      'Atenta e inteligente. Le gustan los paseos largos por la mañana y los juguetes que suenan.',
    image: '/demo-dogs/nala.svg',
    sex: 'female',
    size: 'medium',
    age_months: 24,
    sterilized: true,
    vaccinated: null,
    good_with_kids: null,
    good_with_dogs: true,
    good_with_cats: false,
    status: 'available',
  },
  {
    name: 'Rocky',
    city: 'Palmira',
    height: '38 cm',
    weight: '13 kg',
    life_span: '13 a 15 años',
    personality:
      'Alegre y lleno de energía. Busca una familia activa que lo lleve al parque todos los días.',
    image: '/demo-dogs/rocky.svg',
    sex: 'male',
    size: 'small',
    age_months: 14,
    sterilized: false,
    vaccinated: true,
    good_with_kids: true,
    good_with_dogs: true,
    good_with_cats: true,
    status: 'available',
  },
  {
    name: 'Canela',
    city: 'Jamundí',
    height: '50 cm',
    weight: '20 kg',
    life_span: '12 a 14 años',
    personality:
      'Dulce y tranquila. Fue rescatada de la calle y ahora confía en las personas; ama los abrazos.',
    image: '/demo-dogs/canela.svg',
    sex: 'female',
    size: 'medium',
    age_months: 60,
    sterilized: true,
    vaccinated: true,
    good_with_kids: true,
    good_with_dogs: null,
    good_with_cats: true,
    status: 'pending',
  },
  {
    name: 'Max',
    city: 'Cali',
    height: '58 cm',
    weight: '27 kg',
    life_span: '11 a 13 años',
    personality:
      'Juguetón y muy sociable. Le fascina perseguir la pelota y se porta bien en apartamento.',
    image: '/demo-dogs/max.svg',
    sex: 'male',
    size: 'large',
    age_months: 4,
    sterilized: false,
    vaccinated: false,
    good_with_kids: true,
    good_with_dogs: true,
    good_with_cats: null,
    status: 'available',
  },
  {
    name: 'Luna',
    city: 'Cali',
    height: '42 cm',
    weight: '14 kg',
    life_span: '13 a 16 años',
    personality:
      'Criolla, cariñosa y tranquila. Está vacunada y esterilizada, y espera un hogar con mucho amor.',
    image: '/demo-dogs/luna.svg',
    sex: 'female',
    size: 'medium',
    age_months: 20,
    sterilized: true,
    vaccinated: true,
    good_with_kids: true,
    good_with_dogs: true,
    good_with_cats: true,
    status: 'available',
  },
];

const SEED_MARKER = 'demo_seed';
/** The marker's value in the build's demo image: seeded, but not yet started for real. */
const SEEDED_IN_IMAGE = 'image';

/**
 * Seeds the demo data once in the life of a database, and only if it is empty on that first
 * check. Returns true when it inserted the demo dogs, or when it finds them inserted by the build
 * (the demo image, `forImage`): their dates then become this first start's.
 */
export async function seedDemoData(
  db: Db,
  {
    photos = readDemoPhotos,
    forImage = false,
  }: {
    /** The demo dogs' extra photos by dog name (made at build time; none without a build). */
    photos?: () => Map<string, ProcessedPhoto[]> | undefined;
    /** Seeding the build's demo image rather than a database in service. */
    forImage?: boolean;
  } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [marker] = await tx.query<{ value: string }>(
      'SELECT value FROM app_meta WHERE key = $1',
      [SEED_MARKER],
    );
    if (marker?.value === SEEDED_IN_IMAGE && !forImage) {
      // The image holds only the demo data, dated when it was built ("Publicado hace…").
      await tx.exec(`
        UPDATE users SET created_at = now();
        UPDATE dogs SET created_at = now(), updated_at = now();`);
      await tx.query('UPDATE app_meta SET value = $2 WHERE key = $1', [SEED_MARKER, 'seeded']);
      return true;
    }
    const claimed = await tx.query(
      `INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key`,
      [SEED_MARKER, 'checked'],
    );
    if (claimed.length === 0) return false; // decided on an earlier start
    const [counts] = await tx.query<{ users: number; dogs: number }>(
      'SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM dogs)::int AS dogs',
    );
    if (!counts || counts.users > 0 || counts.dogs > 0) return false;
    const [owner] = await tx.query<{ id: number }>(
      'INSERT INTO users (name, email, password_hash) VALUES ($1, $2, $3) RETURNING id',
      [DEMO_OWNER.name, DEMO_OWNER.email, LOCKED_PASSWORD_HASH],
    );
    // One statement: the demo dogs in their order, newest last.
    const dogs = await tx.query<{ id: number; name: string }>(
      `INSERT INTO dogs (name, city, height, weight, life_span, personality, image, hostage_id,
                         sex, size, age_months, sterilized, vaccinated, good_with_kids,
                         good_with_dogs, good_with_cats, status, demo)
       SELECT d.name, d.city, d.height, d.weight, d.life_span, d.personality, d.image, $2,
              d.sex, d.size, d.age_months, d.sterilized, d.vaccinated, d.good_with_kids,
              d.good_with_dogs, d.good_with_cats, d.status, true
         FROM jsonb_to_recordset($1::jsonb) AS d(i int, name text, city text, height text,
              weight text, life_span text, personality text, image text, sex text, size text,
              age_months smallint, sterilized boolean, vaccinated boolean, good_with_kids boolean,
              good_with_dogs boolean, good_with_cats boolean, status text)
        ORDER BY i
       RETURNING id, name`,
      [JSON.stringify(DEMO_DOGS.map((dog, i) => ({ ...dog, i }))), owner!.id],
    );
    const galleries = photos();
    if (galleries) {
      const repository = createPhotoRepository(tx);
      const now = new Date();
      for (const dog of dogs) {
        const processed = galleries.get(dog.name);
        if (!processed) continue;
        const ids: number[] = [];
        for (const photo of processed)
          ids.push((await repository.insert(photo, owner!.id, now)).id);
        await repository.attach(dog.id, owner!.id, ids);
      }
    }
    await tx.query('UPDATE app_meta SET value = $2 WHERE key = $1', [
      SEED_MARKER,
      forImage ? SEEDED_IN_IMAGE : 'seeded',
    ]);
    return true;
  });
}
