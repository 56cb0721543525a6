// The mixed workload of `npm run soak` and of the fault tests: anonymous visitors and registered
// owners hitting several server processes with no sticky sessions (every request goes to the next
// server in turn), keeping a ledger of what each write was told, and an audit of the database
// against that ledger afterwards.
//
// Each kind of request is one entry of KINDS (its audience, its weight and what it does); the
// ledger holds what the audit checks. A new feature is one more entry (with `expected`, the
// statuses that are a right answer besides 2xx), one more ledger field and one more audit check,
// as "Me interesa" is: owners send requests about other owners' dogs and answer the ones they get.
import type { Db } from '../../src/server/db/db';

export type Audience = 'anonymous' | 'owner';

export interface Sample {
  kind: string;
  /** HTTP status, or 0 when no answer came (connection refused or reset). */
  status: number;
  ms: number;
  /** When the answer came (Date.now()). */
  at: number;
}

/** What a dog should look like in the database, as the owner was last told. */
interface DogState {
  name: string;
  city: string;
  height: string;
  weight: string;
  life_span: string;
  personality: string;
  photoIds: number[];
}

interface DogRecord {
  id: number;
  ownerId: number;
  /** Every state it may be in: one after an acknowledged write, two after a failed one. */
  candidates: (DogState | 'deleted')[];
}

export interface Ledger {
  dogs: Map<number, DogRecord>;
  /** Creations that got no 2xx: absent, or present exactly as sent (never half-written). */
  failedCreates: { ownerId: number; state: DogState }[];
  /** Acknowledged uploads, with the dog they were last (possibly) attached to. */
  photos: Map<number, { ownerId: number; attached: boolean }>;
  /** Bodies of anonymous answers holding an owner's e-mail or phone (must stay empty). */
  leaks: string[];
  /** Answers to logged-in requests holding an owner's e-mail: proves the leak check can see. */
  contactsSeenLoggedIn: number;
  /** Acknowledged "Me interesa" requests, by id. */
  interests: Map<number, InterestRecord>;
  /** Requests that got no answer (status 0 or 5xx): absent, or present exactly as sent. */
  failedInterests: { dogId: number; senderId: number; message: string }[];
}

type InterestState = 'new' | 'answered' | 'dismissed';

interface InterestRecord {
  id: number;
  dogId: number;
  senderId: number;
  message: string;
  /** Every state it may be in: one after an acknowledged answer, two after a failed one. */
  states: InterestState[];
}

export interface Owner {
  id: number;
  name: string;
  email: string;
  password: string;
  /** +57 mobile, as stored. */
  phone: string;
  cookie: string | null;
  dogs: number[];
  /** Uploaded, not yet attached. */
  loosePhotos: number[];
}

export interface WorkloadOptions {
  /** Base URLs of the server processes. */
  targets: string[];
  owners: Owner[];
  /** Concurrent anonymous visitors. */
  visitors: number;
  /** A JPEG to upload. */
  photo: Buffer;
  /** Draw server pages (needs a built app) as well as the API. */
  pages: boolean;
  /** Stops the run. */
  signal: AbortSignal;
  /** Pause between one client's requests, ms (0: as fast as the servers answer). */
  thinkMs?: number;
  onSample?: (sample: Sample) => void;
  /** Each request's timeout, ms. */
  timeoutMs?: number;
  /** Owners also send "Me interesa" requests and answer them (needs its rate limits off). */
  interests?: boolean;
}

interface Context {
  options: WorkloadOptions;
  ledger: Ledger;
  next: () => string;
  /** Every dog id an acknowledged create returned and no acknowledged delete removed. */
  liveDogs: () => number[];
  contacts: string[];
}

interface Answer {
  status: number;
  text: string;
  json: () => unknown;
  setCookie: string | null;
}

interface Kind {
  name: string;
  audience: Audience;
  /** Relative frequency among the kinds of its audience that apply right now. */
  weight: number;
  /** Whether it applies to this owner now (owners only). */
  when?: (owner: Owner) => boolean;
  /** Statuses besides 2xx that are a right answer for this kind. */
  expected?: number[];
  /** Part of the "Me interesa" workload (WorkloadOptions.interests). */
  interests?: true;
  run: (ctx: Context, owner: Owner | null) => Promise<void>;
}

const CITIES = ['Cali', 'Palmira', 'Jamundí', 'Yumbo', 'Buga', 'Tuluá'];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

let nonce = 0;
function dogState(photoIds: number[]): DogState {
  nonce += 1;
  const tag = `${Date.now().toString(36)}${nonce.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `Soak ${tag}`.slice(0, 60),
    city: pick(CITIES),
    height: `${20 + Math.floor(Math.random() * 60)} cm`,
    weight: `${2 + Math.floor(Math.random() * 40)} kg`,
    life_span: `${8 + Math.floor(Math.random() * 8)} años`,
    personality: `Juguetón y cariñoso ${tag} `.repeat(1 + Math.floor(Math.random() * 10)).trim(),
    photoIds,
  };
}

const body = (s: DogState) => ({
  name: s.name,
  city: s.city,
  height: s.height,
  weight: s.weight,
  life_span: s.life_span,
  personality: s.personality,
  photo_ids: s.photoIds,
});

async function call(
  ctx: Context,
  kind: string,
  method: string,
  path: string,
  init: { cookie?: string | null; json?: unknown; form?: FormData } = {},
): Promise<Answer> {
  const url = `${ctx.next()}${path}`;
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  let status = 0;
  try {
    const res = await fetch(url, {
      method,
      headers,
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
      signal: AbortSignal.timeout(ctx.options.timeoutMs ?? 30_000),
    });
    status = res.status;
    const text = await res.text();
    return {
      status,
      text,
      json: () => JSON.parse(text) as unknown,
      setCookie: res.headers.get('set-cookie'),
    };
  } catch {
    status = 0;
    return { status: 0, text: '', json: () => undefined, setCookie: null };
  } finally {
    ctx.options.onSample?.({ kind, status, ms: performance.now() - t0, at: Date.now() });
  }
}

/** Records an anonymous answer that holds any owner's e-mail or phone. */
function checkAnonymous(ctx: Context, kind: string, answer: Answer) {
  for (const contact of ctx.contacts) {
    if (answer.text.includes(contact)) {
      ctx.ledger.leaks.push(`${kind}: ${contact} in ${answer.text.slice(0, 200)}`);
      return;
    }
  }
}

const ok = (status: number) => status >= 200 && status < 300;

export const KINDS: Kind[] = [
  {
    name: 'list',
    audience: 'anonymous',
    weight: 50,
    async run(ctx) {
      const answer = await call(ctx, 'list', 'GET', '/api/dog?limit=24');
      checkAnonymous(ctx, 'list', answer);
    },
  },
  {
    name: 'view',
    audience: 'anonymous',
    weight: 35,
    expected: [404], // a dog deleted meanwhile
    async run(ctx) {
      const live = ctx.liveDogs();
      const path = live.length ? `/api/dog/${pick(live)}` : '/api/dog?limit=24';
      const answer = await call(ctx, 'view', 'GET', path);
      checkAnonymous(ctx, 'view', answer);
    },
  },
  {
    name: 'page',
    audience: 'anonymous',
    weight: 15,
    expected: [404],
    async run(ctx) {
      const live = ctx.liveDogs();
      const path = live.length && Math.random() < 0.6 ? `/perros/${pick(live)}` : '/perros';
      const answer = await call(ctx, 'page', 'GET', path);
      checkAnonymous(ctx, 'page', answer);
    },
  },
  {
    name: 'login',
    audience: 'owner',
    weight: 90,
    when: (o) => !o.cookie,
    async run(ctx, owner) {
      const o = owner!;
      const answer = await call(ctx, 'login', 'POST', '/api/user/userLogin', {
        json: { email: o.email, password: o.password },
      });
      if (answer.status === 200 && answer.setCookie) o.cookie = answer.setCookie.split(';')[0]!;
    },
  },
  {
    name: 'login-wrong',
    audience: 'owner',
    weight: 3,
    expected: [401],
    async run(ctx, owner) {
      await call(ctx, 'login-wrong', 'POST', '/api/user/userLogin', {
        json: { email: owner!.email, password: 'no-es-la-clave' },
      });
    },
  },
  {
    name: 'view-logged-in',
    audience: 'owner',
    weight: 20,
    expected: [404],
    when: (o) => !!o.cookie,
    async run(ctx, owner) {
      const live = ctx.liveDogs();
      if (!live.length) return;
      const answer = await call(ctx, 'view-logged-in', 'GET', `/api/dog/${pick(live)}`, {
        cookie: owner!.cookie,
      });
      if (answer.status === 200 && ctx.contacts.some((c) => answer.text.includes(c)))
        ctx.ledger.contactsSeenLoggedIn += 1;
    },
  },
  {
    name: 'me',
    audience: 'owner',
    weight: 10,
    when: (o) => !!o.cookie,
    async run(ctx, owner) {
      const answer = await call(ctx, 'me', 'GET', '/api/user/me', { cookie: owner!.cookie });
      if (answer.status === 401) owner!.cookie = null;
    },
  },
  {
    name: 'create',
    audience: 'owner',
    weight: 12,
    when: (o) => !!o.cookie && o.dogs.length < 8,
    async run(ctx, owner) {
      const o = owner!;
      const photos = o.loosePhotos.splice(0, 2);
      const state = dogState(photos);
      const answer = await call(ctx, 'create', 'POST', '/api/dog', {
        cookie: o.cookie,
        json: body(state),
      });
      if (answer.status === 201) {
        const id = (answer.json() as { dog: { id: number } }).dog.id;
        ctx.ledger.dogs.set(id, { id, ownerId: o.id, candidates: [state] });
        o.dogs.push(id);
        for (const p of photos) ctx.ledger.photos.get(p)!.attached = true;
      } else {
        ctx.ledger.failedCreates.push({ ownerId: o.id, state });
        // Maybe attached: the audit no longer expects them loose.
        for (const p of photos) ctx.ledger.photos.get(p)!.attached = true;
        if (answer.status === 401) o.cookie = null;
      }
    },
  },
  {
    name: 'update',
    audience: 'owner',
    weight: 12,
    when: (o) => !!o.cookie && o.dogs.length > 0,
    async run(ctx, owner) {
      const o = owner!;
      const id = pick(o.dogs);
      const record = ctx.ledger.dogs.get(id)!;
      // With new photos (replacing the old ones) or keeping whatever it has.
      const photos = o.loosePhotos.splice(0, 1);
      const state = dogState(photos);
      const sent: Record<string, unknown> = body(state);
      if (!photos.length) delete sent.photo_ids;
      const answer = await call(ctx, 'update', 'PUT', `/api/dog/${id}`, {
        cookie: o.cookie,
        json: sent,
      });
      for (const p of photos) ctx.ledger.photos.get(p)!.attached = true;
      const keep = (prev: DogState | 'deleted'): DogState | 'deleted' =>
        prev === 'deleted' ? prev : { ...state, photoIds: photos.length ? photos : prev.photoIds };
      if (answer.status === 200) {
        // New photos: one state. Kept photos: whichever of the possible ones it had.
        const live = record.candidates.filter((c) => c !== 'deleted');
        record.candidates = photos.length ? [keep(live[0] ?? 'deleted')] : live.map(keep);
      } else {
        record.candidates = [...record.candidates, ...record.candidates.map(keep)];
        if (answer.status === 401) o.cookie = null;
      }
    },
  },
  {
    name: 'delete',
    audience: 'owner',
    weight: 5,
    when: (o) => !!o.cookie && o.dogs.length > 0,
    async run(ctx, owner) {
      const o = owner!;
      const id = pick(o.dogs);
      const answer = await call(ctx, 'delete', 'DELETE', `/api/dog/${id}`, { cookie: o.cookie });
      const record = ctx.ledger.dogs.get(id)!;
      // Acknowledged: gone. Not: gone or as it was.
      record.candidates = answer.status === 204 ? ['deleted'] : [...record.candidates, 'deleted'];
      // Either way it is no longer one of the owner's dogs to write to.
      o.dogs.splice(o.dogs.indexOf(id), 1);
      if (answer.status === 401) o.cookie = null;
    },
  },
  {
    name: 'photo',
    audience: 'owner',
    weight: 3,
    when: (o) => !!o.cookie && o.loosePhotos.length < 3,
    async run(ctx, owner) {
      const o = owner!;
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(ctx.options.photo)], { type: 'image/jpeg' }),
        'perro.jpg',
      );
      const answer = await call(ctx, 'photo', 'POST', '/api/photos', { cookie: o.cookie, form });
      if (answer.status === 201) {
        const id = (answer.json() as { photo: { id: number } }).photo.id;
        ctx.ledger.photos.set(id, { ownerId: o.id, attached: false });
        o.loosePhotos.push(id);
      } else if (answer.status === 401) o.cookie = null;
    },
  },
  {
    name: 'interest',
    audience: 'owner',
    weight: 6,
    // 404: the dog was deleted meanwhile; 409: this owner's earlier request is still open.
    expected: [404, 409],
    interests: true,
    when: (o) => !!o.cookie,
    async run(ctx, owner) {
      const o = owner!;
      const others = ctx.liveDogs().filter((id) => ctx.ledger.dogs.get(id)?.ownerId !== o.id);
      if (!others.length) return;
      const dogId = pick(others);
      nonce += 1;
      const message = `Me interesa adoptarlo ${Date.now().toString(36)}${nonce.toString(36)}`;
      const answer = await call(ctx, 'interest', 'POST', `/api/dog/${dogId}/interest`, {
        cookie: o.cookie,
        json: { message, phone: Math.random() < 0.5 ? o.phone : null },
      });
      if (answer.status === 201) {
        const id = (answer.json() as { interest: { id: number } }).interest.id;
        ctx.ledger.interests.set(id, { id, dogId, senderId: o.id, message, states: ['new'] });
      } else if (answer.status === 0 || answer.status >= 500) {
        ctx.ledger.failedInterests.push({ dogId, senderId: o.id, message });
      } else if (answer.status === 401) o.cookie = null;
    },
  },
  {
    name: 'answer-interest',
    audience: 'owner',
    weight: 4,
    // 404: the request went with its deleted dog (or its sender) between the list and the answer.
    expected: [404],
    interests: true,
    when: (o) => !!o.cookie && o.dogs.length > 0,
    async run(ctx, owner) {
      const o = owner!;
      const box = await call(ctx, 'received', 'GET', '/api/me/interests?box=received', {
        cookie: o.cookie,
      });
      if (box.status === 401) o.cookie = null;
      if (box.status !== 200) return;
      const open = (box.json() as { id: number; state: InterestState }[]).filter(
        (i) => i.state === 'new' && ctx.ledger.interests.has(i.id),
      );
      if (!open.length) return;
      const record = ctx.ledger.interests.get(pick(open).id)!;
      const state: InterestState = Math.random() < 0.7 ? 'answered' : 'dismissed';
      const answer = await call(ctx, 'answer-interest', 'PATCH', `/api/interest/${record.id}`, {
        cookie: o.cookie,
        json: { state },
      });
      if (answer.status === 200) record.states = [state];
      else if (!record.states.includes(state)) record.states = [...record.states, state];
      if (answer.status === 401) o.cookie = null;
    },
  },
  {
    name: 'logout',
    audience: 'owner',
    weight: 4,
    when: (o) => !!o.cookie,
    async run(ctx, owner) {
      const o = owner!;
      const answer = await call(ctx, 'logout', 'GET', '/api/user/userLogout', { cookie: o.cookie });
      if (ok(answer.status)) o.cookie = null;
    },
  },
];

function choose(kinds: Kind[]): Kind {
  const total = kinds.reduce((sum, k) => sum + k.weight, 0);
  let r = Math.random() * total;
  for (const k of kinds) {
    r -= k.weight;
    if (r < 0) return k;
  }
  return kinds[kinds.length - 1]!;
}

export function emptyLedger(): Ledger {
  return {
    dogs: new Map(),
    failedCreates: [],
    photos: new Map(),
    leaks: [],
    contactsSeenLoggedIn: 0,
    interests: new Map(),
    failedInterests: [],
  };
}

/** Whether a sample is a right answer: a 2xx, or a status its kind expects. */
export function isExpected(sample: Sample): boolean {
  if (sample.status >= 200 && sample.status < 300) return true;
  const kind = KINDS.find((k) => k.name === sample.kind);
  return !!kind?.expected?.includes(sample.status);
}

/** The strings an anonymous answer must never hold: owners' e-mails and phones (both forms). */
export function contactsOf(owners: Owner[]): string[] {
  return owners.flatMap((o) => [o.email, o.phone, o.phone.replace(/^\+57/, '')]);
}

/** Runs the workload until `options.signal` aborts; resolves when every client has stopped. */
export async function runWorkload(options: WorkloadOptions, ledger: Ledger): Promise<void> {
  let turn = 0;
  const ctx: Context = {
    options,
    ledger,
    next: () => options.targets[turn++ % options.targets.length]!,
    liveDogs: () => {
      const ids: number[] = [];
      for (const o of options.owners) ids.push(...o.dogs);
      return ids;
    },
    contacts: contactsOf(options.owners),
  };
  const anonymousKinds = KINDS.filter(
    (k) => k.audience === 'anonymous' && (options.pages || k.name !== 'page'),
  );
  const pause = () =>
    options.thinkMs ? new Promise((r) => setTimeout(r, options.thinkMs)) : Promise.resolve();
  const visitor = async () => {
    while (!options.signal.aborted) {
      await choose(anonymousKinds).run(ctx, null);
      await pause();
    }
  };
  const owner = async (o: Owner) => {
    while (!options.signal.aborted) {
      const kinds = KINDS.filter(
        (k) =>
          k.audience === 'owner' && (options.interests || !k.interests) && (!k.when || k.when(o)),
      );
      await choose(kinds).run(ctx, o);
      await pause();
    }
  };
  await Promise.all([
    ...Array.from({ length: options.visitors }, visitor),
    ...options.owners.map(owner),
  ]);
}

/** Registers `count` owners through `target`, each with a phone, logged out. */
export async function registerOwners(target: string, count: number, tag: string): Promise<Owner[]> {
  const owners: Owner[] = [];
  for (let i = 0; i < count; i++) {
    const email = `soak-${tag}-${i}@example.com`;
    const password = `clave-segura-${i}-${tag}`;
    const post = (path: string, json: unknown, cookie?: string) =>
      fetch(`${target}${path}`, {
        method: path === '/api/user/me' ? 'PATCH' : 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(json),
      });
    const reg = await post('/api/user/userRegister', {
      name: `Dueño ${i}`,
      email,
      password,
      passwordValidate: password,
      consent: true,
    });
    if (reg.status !== 201) throw new Error(`register ${email}: ${reg.status} ${await reg.text()}`);
    const login = await post('/api/user/userLogin', { email, password });
    if (login.status !== 200) throw new Error(`login ${email}: ${login.status}`);
    const { user } = (await login.json()) as { user: { id: number } };
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const phone = `+57300${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`;
    const patch = await post('/api/user/me', { phone }, cookie);
    if (patch.status !== 200)
      throw new Error(`phone ${email}: ${patch.status} ${await patch.text()}`);
    owners.push({
      id: user.id,
      name: `Dueño ${i}`,
      email,
      password,
      phone,
      cookie,
      dogs: [],
      loosePhotos: [],
    });
  }
  return owners;
}

export interface AuditResult {
  /** Acknowledged dogs checked, and how many were found exactly as acknowledged. */
  dogsChecked: number;
  failedCreatesChecked: number;
  interestsChecked: number;
  photosChecked: number;
  problems: string[];
}

interface DogRow {
  id: number;
  hostage_id: number;
  name: string;
  city: string;
  height: string;
  weight: string;
  life_span: string;
  personality: string;
  photo_ids: number[] | null;
}

const sameState = (row: DogRow, s: DogState) =>
  row.name === s.name &&
  row.city === s.city &&
  row.height === s.height &&
  row.weight === s.weight &&
  row.life_span === s.life_span &&
  row.personality === s.personality &&
  JSON.stringify(row.photo_ids ?? []) === JSON.stringify(s.photoIds);

/**
 * Compares the database with the ledger: every acknowledged write is there exactly as
 * acknowledged, nothing that failed is half-written, nothing is there twice.
 */
export async function audit(db: Db, ledger: Ledger, owners: Owner[]): Promise<AuditResult> {
  const problems: string[] = [];
  const ownerIds = owners.map((o) => o.id);
  const rows = await db.query<DogRow>(
    `SELECT d.id, d.hostage_id, d.name, d.city, d.height, d.weight, d.life_span, d.personality,
            (SELECT array_agg(p.id ORDER BY p.position) FROM photos p WHERE p.dog_id = d.id) AS photo_ids
       FROM dogs d WHERE d.hostage_id = ANY($1::int[])`,
    [ownerIds],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byName = new Map<string, DogRow[]>();
  for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);

  for (const record of ledger.dogs.values()) {
    const row = byId.get(record.id);
    const matches = record.candidates.some((c) =>
      c === 'deleted' ? !row : !!row && row.hostage_id === record.ownerId && sameState(row, c),
    );
    if (!matches) {
      problems.push(
        `dog ${record.id}: database has ${row ? JSON.stringify(row) : 'nothing'}, acknowledged ${JSON.stringify(record.candidates)}`,
      );
    }
  }
  for (const r of rows) {
    if ((byName.get(r.name) ?? []).length > 1) problems.push(`dog name ${r.name} is there twice`);
  }
  for (const { ownerId, state } of ledger.failedCreates) {
    for (const row of byName.get(state.name) ?? []) {
      // Created, then possibly updated or deleted by later acknowledged writes: only a row that
      // nobody was told about must match what was sent, in full.
      if (ledger.dogs.has(row.id)) continue;
      if (row.hostage_id !== ownerId || !sameState(row, state))
        problems.push(`failed create ${state.name} is half-written: ${JSON.stringify(row)}`);
    }
  }
  // A dog the ledger never heard of must come from a failed create.
  const failedNames = new Set(ledger.failedCreates.map((f) => f.state.name));
  for (const r of rows) {
    if (!ledger.dogs.has(r.id) && !failedNames.has(r.name))
      problems.push(`dog ${r.id} (${r.name}) was never acknowledged nor attempted`);
  }

  const photoRows = await db.query<{
    id: number;
    owner_id: number;
    dog_id: number | null;
    variants: number;
    public: unknown;
  }>(
    `SELECT p.id, p.owner_id, p.dog_id, p.public,
            (SELECT count(*)::int FROM photo_variants v WHERE v.photo_id = p.id) AS variants
       FROM photos p WHERE p.owner_id = ANY($1::int[])`,
    [ownerIds],
  );
  const photoById = new Map(photoRows.map((p) => [p.id, p]));
  for (const [id, photo] of ledger.photos) {
    if (photo.attached) continue; // checked through its dog
    const row = photoById.get(id);
    if (!row || row.owner_id !== photo.ownerId || row.dog_id !== null)
      problems.push(`photo ${id}: acknowledged loose, database has ${JSON.stringify(row ?? null)}`);
  }
  for (const p of photoRows) {
    const pub =
      typeof p.public === 'string' ? (JSON.parse(p.public) as object) : (p.public as object);
    if (p.variants === 0 || !pub || Object.keys(pub).length === 0)
      problems.push(`photo ${p.id} is half-written (${p.variants} variants)`);
  }
  problems.push(...(await auditInterests(db, ledger, ownerIds)));
  for (const leak of ledger.leaks) problems.push(`anonymous answer leaked a contact: ${leak}`);
  return {
    dogsChecked: ledger.dogs.size,
    failedCreatesChecked: ledger.failedCreates.length,
    interestsChecked: ledger.interests.size,
    photosChecked: ledger.photos.size,
    problems,
  };
}

/**
 * "Me interesa": every acknowledged request is there once, with its message and a state it was
 * told (or gone with its deleted dog); one that got no answer is absent or exactly as sent; no
 * request the ledger never heard of; never two open requests by one person for one dog.
 */
async function auditInterests(db: Db, ledger: Ledger, ownerIds: number[]): Promise<string[]> {
  const problems: string[] = [];
  const rows = await db.query<{
    id: number;
    dog_id: number;
    sender_id: number;
    message: string;
    state: InterestState;
  }>(
    `SELECT id, dog_id, sender_id, message, state FROM interests WHERE sender_id = ANY($1::int[])`,
    [ownerIds],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const record of ledger.interests.values()) {
    const row = byId.get(record.id);
    const dogMayBeGone = ledger.dogs.get(record.dogId)?.candidates.includes('deleted') ?? true;
    if (!row) {
      if (!dogMayBeGone) problems.push(`interest ${record.id} was acknowledged and is gone`);
      continue;
    }
    if (
      row.dog_id !== record.dogId ||
      row.sender_id !== record.senderId ||
      row.message !== record.message ||
      !record.states.includes(row.state)
    )
      problems.push(
        `interest ${record.id}: database has ${JSON.stringify(row)}, acknowledged ${JSON.stringify(record)}`,
      );
  }
  const failed = new Map(ledger.failedInterests.map((f) => [f.message, f]));
  const messages = new Set<string>();
  const open = new Set<string>();
  for (const row of rows) {
    if (messages.has(row.message)) problems.push(`interest "${row.message}" is there twice`);
    messages.add(row.message);
    if (row.state === 'new') {
      const key = `${row.dog_id}/${row.sender_id}`;
      if (open.has(key)) problems.push(`two open interests by ${row.sender_id} for ${row.dog_id}`);
      open.add(key);
    }
    if (ledger.interests.has(row.id)) continue;
    const attempt = failed.get(row.message);
    if (!attempt) problems.push(`interest ${row.id} was never acknowledged nor attempted`);
    else if (attempt.dogId !== row.dog_id || attempt.senderId !== row.sender_id)
      problems.push(`failed interest ${row.message} is half-written: ${JSON.stringify(row)}`);
  }
  return problems;
}
