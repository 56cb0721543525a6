// The zones of Cali and its neighbouring municipalities, and which of them border each other.
//
// Sources (public pages):
// - Each comuna's limits: the descriptions of Spanish Wikipedia's "Comuna N (Cali)" articles,
//   which follow the Alcaldía's comuna maps (idesc.cali.gov.co/download/mapas_comunas/
//   comuna_NN.pdf); the Comuna 1 and Comuna 21 texts were also read on other pages.
// - Municipalities: the Wikipedia articles (Spanish, English, German) on Cali, La Cumbre, Dagua,
//   Jamundí, Candelaria and Palmira ("Límites" / "limita con"), which also give most of Yumbo's
//   and Vijes' neighbours; Vijes–Yumbo (Yumbo lies right south of Vijes) is read from the map.
// Readings made where the sources are silent or disagree:
// - A comuna's text often leaves out a neighbour that the other comuna's text names (Comuna 2
//   names 6, Comuna 6 names only 4 and 5 to its west; Comuna 18 names 22, Comuna 22 only 17).
//   A border named by either side counts: the relation is symmetric. Comuna 14's text names no
//   neighbours; its borders are those that Comunas 13, 15 and 21 name.
// - Comuna 21: one version of its text says "al norte con Candelaria y la Comuna 7", another
//   omits Comuna 7; Comuna 7's text names Comuna 21, so they border.
// - The río Cauca is a border, not a gap: Comunas 6 and 7 border Palmira, Comunas 7 and 21 and
//   the rural corregimientos along the river (Navarro, El Hormiguero) border Candelaria, and
//   Yumbo and Vijes border Palmira, as Palmira's article says.
// - Comuna 6's text names no northern neighbour; read from the map (no text confirms it), its
//   north edge, where the río Cali meets the Cauca, faces Yumbo, so Comuna 6 borders Yumbo.
// - Comuna 13's "área de expansión" and Comuna 18's "perímetro urbano" are Cali land; the
//   corregimientos (La Buitrera, Los Andes, Navarro, Pance, El Hormiguero, ...) are all the one
//   rural zone here.
// - Comuna 22 reaches Pance and El Hormiguero, not Jamundí: only the rural zone borders Jamundí.
// - Dagua's article names La Cumbre and Cali as its eastern neighbours, not Yumbo; Jamundí's
//   eastern neighbours are in the Cauca department, not Candelaria.
import { ZONE_IDS, type ZoneId } from './zone-ids';

export const ZONE_KINDS = ['comuna', 'rural', 'municipio'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

export { ZONE_IDS, isZoneId, type ZoneId } from './zone-ids';

export interface Zone {
  readonly id: ZoneId;
  readonly name: string;
  readonly kind: ZoneKind;
  /** Well-known barrios or corregimientos, to help someone find their zone; null for towns. */
  readonly hint: string | null;
}

/** Comuna N's hint at index N - 1. */
const COMUNA_HINTS = [
  'Terrón Colorado, Vista Hermosa, Aguacatal',
  'Granada, Centenario, Versalles, Chipichape, Menga, La Flora',
  'Centro, San Antonio, San Pedro, El Calvario, San Nicolás',
  'Popular, Salomia, Manzanares, Jorge Isaacs, Flora Industrial',
  'Los Andes, Chiminangos, El Sena, Torres de Comfandi',
  'Floralia, Petecuy, San Luis, Calimio Norte, Los Guayacanes',
  'Alfonso López, Puerto Mallarino, Siete de Agosto, Las Ceibas',
  'Villacolombia, Primitivo Crespo, La Floresta, Chapinero, Atanasio Girardot',
  'Alameda, Obrero, Sucre, Guayaquil, Junín, Bretaña',
  'Santa Elena, El Guabal, Panamericano, Colseguros Andes',
  'La Independencia, San Carlos, El Recuerdo, Los Conquistadores',
  'El Rodeo, Nueva Floresta, Villanueva, Julio Rincón',
  'El Poblado, Charco Azul, Los Comuneros, El Vergel',
  'Manuela Beltrán, Marroquín, Alfonso Bonilla Aragón, Los Naranjos',
  'El Retiro, Mojica, El Vallado, Laureano Gómez',
  'Mariano Ramos, República de Israel, Antonio Nariño, Unión de Vivienda Popular',
  'El Ingenio, Ciudad Capri, El Caney, Valle del Lili, La Hacienda',
  'Meléndez, Alto Jordán, Los Chorros, Caldas, Polvorines',
  'San Fernando, Tequendama, El Lido, Bellavista, Champagnat',
  'Siloé, Belén, Lleras Camargo, Tierra Blanca',
  'Desepaz, Potrero Grande, Pizamos, Compartir, Valle Grande',
  'Ciudad Jardín, Urbanización Río Lili, Parcelaciones de Pance',
] as const;

const RURAL_HINT =
  'Corregimientos: Golondrinas, Montebello, La Castilla, La Paz, El Saladito, La Elvira, ' +
  'Felidia, La Leonera, Pichindé, Los Andes, Villacarmelo, La Buitrera, Pance, ' +
  'El Hormiguero, Navarro';

const MUNICIPIO_NAMES: Readonly<Record<string, string>> = {
  jamundi: 'Jamundí',
  yumbo: 'Yumbo',
  palmira: 'Palmira',
  candelaria: 'Candelaria',
  dagua: 'Dagua',
  'la-cumbre': 'La Cumbre',
  vijes: 'Vijes',
};

function zoneOf(id: ZoneId): Zone {
  const comuna = /^cali-comuna-(\d+)$/.exec(id);
  if (comuna) {
    const n = Number(comuna[1]);
    return { id, name: `Cali – Comuna ${n}`, kind: 'comuna', hint: COMUNA_HINTS[n - 1]! };
  }
  if (id === 'cali-rural')
    return { id, name: 'Cali – Zona rural', kind: 'rural', hint: RURAL_HINT };
  return { id, name: MUNICIPIO_NAMES[id]!, kind: 'municipio', hint: null };
}

/** Every zone, in ZONE_IDS order. Frozen: shared by every request and every client. */
export const ZONES: readonly Zone[] = Object.freeze(
  ZONE_IDS.map((id) => Object.freeze(zoneOf(id))),
);

const c = (n: number) => `cali-comuna-${n}` as ZoneId;

/** Each bordering pair once (the relation is symmetric); sources and readings at the top. */
const PAIRS: [ZoneId, ZoneId][] = [
  // Comuna to comuna.
  [c(1), c(2)],
  [c(1), c(19)],
  [c(2), c(3)],
  [c(2), c(4)],
  [c(2), c(6)],
  [c(2), c(19)],
  [c(3), c(4)],
  [c(3), c(9)],
  [c(3), c(19)],
  [c(4), c(5)],
  [c(4), c(6)],
  [c(4), c(7)],
  [c(4), c(8)],
  [c(5), c(6)],
  [c(5), c(7)],
  [c(6), c(7)],
  [c(7), c(8)],
  [c(7), c(13)],
  [c(7), c(21)],
  [c(8), c(9)],
  [c(8), c(11)],
  [c(8), c(12)],
  [c(9), c(10)],
  [c(9), c(19)],
  [c(10), c(11)],
  [c(10), c(17)],
  [c(10), c(19)],
  [c(11), c(12)],
  [c(11), c(13)],
  [c(11), c(16)],
  [c(12), c(13)],
  [c(13), c(14)],
  [c(13), c(15)],
  [c(13), c(16)],
  [c(14), c(15)],
  [c(14), c(21)],
  [c(15), c(16)],
  [c(16), c(17)],
  [c(17), c(18)],
  [c(17), c(19)],
  [c(17), c(22)],
  [c(18), c(19)],
  [c(18), c(22)],
  [c(19), c(20)],
  // Comuna to Cali's rural area (the corregimientos around the urban perimeter).
  [c(1), 'cali-rural'],
  [c(2), 'cali-rural'],
  [c(15), 'cali-rural'],
  [c(17), 'cali-rural'],
  [c(18), 'cali-rural'],
  [c(19), 'cali-rural'],
  [c(20), 'cali-rural'],
  [c(21), 'cali-rural'],
  [c(22), 'cali-rural'],
  // Cali to the neighbouring municipalities.
  [c(2), 'yumbo'],
  [c(6), 'yumbo'],
  [c(6), 'palmira'],
  [c(7), 'palmira'],
  [c(7), 'candelaria'],
  [c(21), 'candelaria'],
  ['cali-rural', 'yumbo'],
  ['cali-rural', 'la-cumbre'],
  ['cali-rural', 'dagua'],
  ['cali-rural', 'jamundi'],
  ['cali-rural', 'candelaria'],
  // Municipality to municipality.
  ['yumbo', 'la-cumbre'],
  ['yumbo', 'vijes'],
  ['yumbo', 'palmira'],
  ['la-cumbre', 'vijes'],
  ['la-cumbre', 'dagua'],
  ['vijes', 'palmira'],
  ['palmira', 'candelaria'],
];

export const BORDERS: readonly (readonly [ZoneId, ZoneId])[] = Object.freeze(
  PAIRS.map((pair) => Object.freeze(pair)),
);

const NEIGHBOURS: ReadonlyMap<ZoneId, readonly ZoneId[]> = (() => {
  const sets = new Map<ZoneId, Set<ZoneId>>(ZONE_IDS.map((id) => [id, new Set()]));
  for (const [a, b] of BORDERS) {
    sets.get(a)!.add(b);
    sets.get(b)!.add(a);
  }
  const order = new Map(ZONE_IDS.map((id, i) => [id, i]));
  return new Map(
    [...sets].map(([id, set]) => [
      id,
      Object.freeze([...set].sort((x, y) => order.get(x)! - order.get(y)!)),
    ]),
  );
})();

/** The zones that border `id`, in ZONE_IDS order (never `id` itself). */
export function bordersOf(id: ZoneId): readonly ZoneId[] {
  return NEIGHBOURS.get(id) ?? [];
}

/** Whether two different zones share a border. A zone is not its own neighbour. */
export function areNeighbours(a: ZoneId, b: ZoneId): boolean {
  return bordersOf(a).includes(b);
}

/** `id` and the zones bordering it: where to look for a dog lost or found in `id`. */
export function sameOrBorderingZones(id: ZoneId): readonly ZoneId[] {
  return [id, ...bordersOf(id)];
}

export function zoneById(id: ZoneId): Zone {
  return ZONES[ZONE_IDS.indexOf(id)]!;
}
