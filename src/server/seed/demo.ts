// Demo data for a brand-new embedded database: a locked owner account and a few dogs near Cali.
import type { Db } from '../db/db';
import { LOCKED_PASSWORD_HASH } from '../users/passwords';

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
  },
  {
    name: 'Mona',
    city: 'Yumbo',
    height: '35 cm',
    weight: '9 kg',
    life_span: '14 a 16 años',
    personality: 'Curiosa y juguetona. Aprende trucos rapidísimo si hay premios de por medio.',
    image: '/demo-dogs/mona.svg',
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
  },
];

const SEED_MARKER = 'demo_seed';

/**
 * Seeds the demo data once in the life of a database, and only if it is empty on that first
 * check. Returns true when it inserted the demo dogs.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
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
    await tx.query(
      `INSERT INTO dogs (name, city, height, weight, life_span, personality, image, hostage_id)
       SELECT d.name, d.city, d.height, d.weight, d.life_span, d.personality, d.image, $2
         FROM jsonb_to_recordset($1::jsonb) AS d(i int, name text, city text, height text,
              weight text, life_span text, personality text, image text)
        ORDER BY i`,
      [JSON.stringify(DEMO_DOGS.map((dog, i) => ({ ...dog, i }))), owner!.id],
    );
    await tx.query('UPDATE app_meta SET value = $2 WHERE key = $1', [SEED_MARKER, 'seeded']);
    return true;
  });
}
