// Zones of Cali and its neighbours: the list and its border relation (shared/zones.ts), and
// GET /api/zones (public, cacheable for a day, documented in the OpenAPI document).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  areNeighbours,
  BORDERS,
  bordersOf,
  isZoneId,
  sameOrBorderingZones,
  ZONE_IDS,
  zoneById,
  zoneIdSchema,
  ZONES,
  zonesResponseSchema,
  type ZoneId,
} from '../../src/shared/zones';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { makeApp } from './helpers/app';

const comuna = (n: number) => `cali-comuna-${n}` as ZoneId;
const MUNICIPIOS = ['jamundi', 'yumbo', 'palmira', 'candelaria', 'dagua', 'la-cumbre', 'vijes'];

describe('the zones', () => {
  it('are the 22 comunas, the rural area and the 7 neighbouring municipalities, once each', () => {
    expect(new Set(ZONE_IDS).size).toBe(ZONE_IDS.length);
    expect(ZONES.map((z) => z.id)).toEqual([...ZONE_IDS]);
    expect(ZONES.filter((z) => z.kind === 'comuna').map((z) => z.id)).toEqual(
      Array.from({ length: 22 }, (_, i) => comuna(i + 1)),
    );
    expect(ZONES.filter((z) => z.kind === 'rural').map((z) => z.id)).toEqual(['cali-rural']);
    expect(
      ZONES.filter((z) => z.kind === 'municipio')
        .map((z) => z.id)
        .sort(),
    ).toEqual([...MUNICIPIOS].sort());
    expect(ZONES).toHaveLength(30);
  });

  it('have Spanish names and hints for the Cali zones', () => {
    expect(zoneById(comuna(1))).toEqual({
      id: 'cali-comuna-1',
      name: 'Cali – Comuna 1',
      kind: 'comuna',
      hint: 'Terrón Colorado, Vista Hermosa, Aguacatal',
    });
    expect(zoneById(comuna(22)).name).toBe('Cali – Comuna 22');
    expect(zoneById(comuna(22)).hint).toContain('Ciudad Jardín');
    expect(zoneById('cali-rural').name).toBe('Cali – Zona rural');
    expect(zoneById('cali-rural').hint).toContain('Pance');
    expect(zoneById('la-cumbre')).toEqual({
      id: 'la-cumbre',
      name: 'La Cumbre',
      kind: 'municipio',
      hint: null,
    });
    expect(zoneById('jamundi').name).toBe('Jamundí');
    for (const zone of ZONES) {
      expect(zone.name.trim()).toBe(zone.name);
      if (zone.kind !== 'municipio') expect(zone.hint).toMatch(/\S/);
    }
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(ZONES)).toBe(true);
    expect(ZONES.every((z) => Object.isFrozen(z))).toBe(true);
    expect(Object.isFrozen(BORDERS)).toBe(true);
    expect(Object.isFrozen(bordersOf(comuna(21)))).toBe(true);
    expect(() => (ZONES as unknown as unknown[]).push({})).toThrow(TypeError);
    expect(() => {
      (ZONES[0] as { name: string }).name = 'Otra';
    }).toThrow(TypeError);
  });
});

describe('the border relation', () => {
  it('names only known zones, never a zone with itself, and each pair once', () => {
    const seen = new Set<string>();
    for (const [a, b] of BORDERS) {
      expect(ZONE_IDS).toContain(a);
      expect(ZONE_IDS).toContain(b);
      expect(a).not.toBe(b);
      const key = [a, b].sort().join('|');
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('is symmetric and irreflexive through bordersOf and areNeighbours', () => {
    for (const a of ZONE_IDS) {
      expect(bordersOf(a)).not.toContain(a);
      expect(areNeighbours(a, a)).toBe(false);
      for (const b of ZONE_IDS) {
        expect(areNeighbours(a, b)).toBe(areNeighbours(b, a));
        expect(areNeighbours(a, b)).toBe(bordersOf(a).includes(b));
      }
      for (const b of bordersOf(a)) {
        expect(ZONE_IDS).toContain(b);
        expect(bordersOf(b)).toContain(a);
      }
    }
  });

  it('lists each zone’s neighbours once, in ZONE_IDS order, from the stored pairs', () => {
    for (const a of ZONE_IDS) {
      const expected = ZONE_IDS.filter((b) =>
        BORDERS.some(([x, y]) => (x === a && y === b) || (x === b && y === a)),
      );
      expect(bordersOf(a)).toEqual(expected);
    }
  });

  it('connects every zone to every other (no zone is an island)', () => {
    const reached = new Set<ZoneId>(['cali-comuna-3']);
    const queue: ZoneId[] = ['cali-comuna-3'];
    while (queue.length) {
      for (const next of bordersOf(queue.shift()!)) {
        if (!reached.has(next)) {
          reached.add(next);
          queue.push(next);
        }
      }
    }
    expect([...reached].sort()).toEqual([...ZONE_IDS].sort());
  });

  it('holds the facts of the sources', () => {
    // Comuna 21: west Comuna 14, north Candelaria and Comuna 7, south the rural Navarro.
    expect(areNeighbours(comuna(21), comuna(14))).toBe(true);
    expect(areNeighbours(comuna(21), 'candelaria')).toBe(true);
    expect(areNeighbours(comuna(21), comuna(7))).toBe(true);
    expect(areNeighbours(comuna(21), 'cali-rural')).toBe(true);
    expect(areNeighbours(comuna(21), comuna(1))).toBe(false);
    // Comuna 1: north-east Comuna 2, south Comuna 19, the corregimientos around.
    expect(bordersOf(comuna(1))).toEqual([comuna(2), comuna(19), 'cali-rural']);
    // Comuna 2 borders Yumbo; Comuna 7 Palmira and Candelaria; Comuna 19 Comuna 20.
    expect(areNeighbours(comuna(2), 'yumbo')).toBe(true);
    expect(areNeighbours(comuna(7), 'palmira')).toBe(true);
    expect(areNeighbours(comuna(7), 'candelaria')).toBe(true);
    expect(bordersOf(comuna(20))).toEqual([comuna(19), 'cali-rural']);
    // Comuna 3 (the centre) lies inside the city: no other municipality, no rural area.
    expect(bordersOf(comuna(3))).toEqual([comuna(2), comuna(4), comuna(9), comuna(19)]);
    // Comuna 22 reaches Pance and El Hormiguero, not Jamundí; only the rural area does.
    expect(areNeighbours(comuna(22), 'jamundi')).toBe(false);
    expect(bordersOf('jamundi')).toEqual(['cali-rural']);
    // The municipalities among themselves.
    expect(bordersOf('vijes')).toEqual(['yumbo', 'palmira', 'la-cumbre']);
    expect(bordersOf('la-cumbre')).toEqual(['cali-rural', 'yumbo', 'dagua', 'vijes']);
    expect(bordersOf('dagua')).toEqual(['cali-rural', 'la-cumbre']);
    expect(areNeighbours('palmira', 'candelaria')).toBe(true);
    expect(areNeighbours('jamundi', 'candelaria')).toBe(false);
    expect(areNeighbours('dagua', 'yumbo')).toBe(false);
  });

  it('gives a zone and its neighbours for "same or bordering zone" matching', () => {
    expect(sameOrBorderingZones(comuna(14))).toEqual([
      comuna(14),
      comuna(13),
      comuna(15),
      comuna(21),
    ]);
    expect(sameOrBorderingZones('jamundi')).toEqual(['jamundi', 'cali-rural']);
  });
});

describe('zoneIdSchema', () => {
  it('accepts every zone id', () => {
    for (const id of ZONE_IDS) expect(zoneIdSchema.parse(id)).toBe(id);
    expect(isZoneId('la-cumbre')).toBe(true);
  });

  it.each([['cali-comuna-23'], ['cali-comuna-0'], ['Cali'], ['JAMUNDI'], [''], [21], [null]])(
    'refuses %j with a Spanish message',
    (value) => {
      const result = zoneIdSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('La zona no es válida');
      expect(isZoneId(value)).toBe(false);
    },
  );

  it('does not take inherited property names for zones', () => {
    expect(isZoneId('constructor')).toBe(false);
    expect(zoneIdSchema.safeParse('toString').success).toBe(false);
  });
});

describe.each(BACKENDS)('GET /api/zones on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
    app = await makeApp(t.db);
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('lists every zone with its borders to anyone, cacheable publicly for a day', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/zones' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    // The API's other security headers stay.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; frame-ancestors 'none'",
    );
    const body = zonesResponseSchema.parse(res.json());
    expect(body).toEqual(ZONES.map((zone) => ({ ...zone, borders: [...bordersOf(zone.id)] })));
    expect(body[0]).toEqual({
      id: 'cali-comuna-1',
      name: 'Cali – Comuna 1',
      kind: 'comuna',
      hint: 'Terrón Colorado, Vista Hermosa, Aguacatal',
      borders: ['cali-comuna-2', 'cali-comuna-19', 'cali-rural'],
    });
    expect(Object.keys(body[0]!).sort()).toEqual(['borders', 'hint', 'id', 'kind', 'name']);
  });

  it('answers a logged-out HEAD and a request with a stray cookie alike', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/api/zones' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=86400');
    expect(head.body).toBe('');
    const withCookie = await app.inject({
      method: 'GET',
      url: '/api/zones',
      headers: { cookie: 'hd_session=not-a-session' },
    });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.headers['set-cookie']).toBeUndefined();
    expect(withCookie.json()).toHaveLength(ZONES.length);
  });

  it('leaves the API’s no-store on other answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is in the OpenAPI document, public, with the zone shape', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const op = doc.paths['/api/zones']?.get as {
      tags: string[];
      security?: unknown;
      responses: Record<
        string,
        { content: { 'application/json': { schema: Record<string, unknown> } } }
      >;
    };
    expect(op).toBeDefined();
    expect(op.tags).toEqual(['Zonas']);
    expect(op.security).toBeUndefined();
    expect(Object.keys(op.responses)).toEqual(['200']);
    const schema = op.responses['200']!.content['application/json'].schema as {
      type: string;
      items: { required: string[]; properties: Record<string, { enum?: string[] }> };
    };
    expect(schema.type).toBe('array');
    expect(schema.items.required).toEqual(
      expect.arrayContaining(['id', 'name', 'kind', 'hint', 'borders']),
    );
    expect(schema.items.properties.kind!.enum).toEqual(['comuna', 'rural', 'municipio']);
    expect(schema.items.properties.id!.enum).toEqual([...ZONE_IDS]);
  });
});
