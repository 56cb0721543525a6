// The coalescer of version-stamp queries: every caller gets a query that started after its call,
// never more than one query runs and one waits, and a failure reaches its callers without
// wedging the ones after them.
import { describe, expect, it } from 'vitest';
import { createCoalescer } from '../../src/server/db/coalesce';

/** A fake query: each call is recorded and settles only when the test says so. */
function fakeQuery() {
  const calls: { resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const query = () =>
    new Promise<number>((resolve, reject) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const done = () => (inFlight -= 1);
      calls.push({
        resolve: (v) => {
          done();
          resolve(v);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      });
    });
  return {
    query,
    calls,
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

/** Lets every pending promise callback run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Records the settled value of a promise as it settles, so tests can see what is still pending. */
function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { value, settled: true }),
    (error: unknown) => Object.assign(state, { error, settled: true }),
  );
  return state;
}

describe('coalescer', () => {
  it('starts a query at once for the first caller and hands it the result', async () => {
    const fake = fakeQuery();
    const c = createCoalescer(fake.query);
    const first = c.fresh();
    expect(fake.calls).toHaveLength(1);
    fake.calls[0]!.resolve(1);
    expect(await first).toBe(1);
    // Idle again: the next caller starts its own query.
    const second = c.fresh();
    expect(fake.calls).toHaveLength(2);
    fake.calls[1]!.resolve(2);
    expect(await second).toBe(2);
  });

  it('a caller arriving while a query runs waits for the next one, never reuses it', async () => {
    const fake = fakeQuery();
    const c = createCoalescer(fake.query);
    const early = track(c.fresh());
    const late = track(c.fresh()); // the running query may have started before this call
    expect(fake.calls).toHaveLength(1); // the next one waits for the running one to end
    fake.calls[0]!.resolve(1);
    await flush();
    expect(early).toMatchObject({ settled: true, value: 1 });
    expect(late.settled).toBe(false);
    expect(fake.calls).toHaveLength(2); // started when the first one ended
    fake.calls[1]!.resolve(2);
    await flush();
    expect(late).toMatchObject({ settled: true, value: 2 });
  });

  it('shares one queued query among every caller that arrived meanwhile: one runs, one waits', async () => {
    const fake = fakeQuery();
    const c = createCoalescer(fake.query);
    const first = track(c.fresh());
    const waiting = Array.from({ length: 50 }, () => track(c.fresh()));
    expect(fake.calls).toHaveLength(1);
    fake.calls[0]!.resolve(1);
    await flush();
    expect(first.value).toBe(1);
    expect(fake.calls).toHaveLength(2);
    // Arrivals while the queued query runs wait for a third one, again shared.
    const later = Array.from({ length: 50 }, () => track(c.fresh()));
    fake.calls[1]!.resolve(2);
    await flush();
    expect(waiting.map((w) => w.value)).toEqual(waiting.map(() => 2));
    expect(later.every((w) => !w.settled)).toBe(true);
    expect(fake.calls).toHaveLength(3);
    fake.calls[2]!.resolve(3);
    await flush();
    expect(later.map((w) => w.value)).toEqual(later.map(() => 3));
    expect(fake.maxInFlight).toBe(1);
    expect(c.started).toBe(3);
    // Nobody waiting: nothing more runs.
    await flush();
    expect(fake.calls).toHaveLength(3);
  });

  it('a failed query rejects its callers only; the queued query still runs and it recovers', async () => {
    const fake = fakeQuery();
    const c = createCoalescer(fake.query);
    const first = track(c.fresh());
    const queued = track(c.fresh());
    fake.calls[0]!.reject(new Error('db down'));
    await flush();
    expect(first.error).toEqual(new Error('db down'));
    expect(queued.settled).toBe(false);
    fake.calls[1]!.reject(new Error('still down'));
    await flush();
    expect(queued.error).toEqual(new Error('still down'));
    const after = c.fresh();
    expect(fake.calls).toHaveLength(3);
    fake.calls[2]!.resolve(7);
    expect(await after).toBe(7);
  });

  it('a query function that throws at once is a failed query, not a wedged coalescer', async () => {
    let n = 0;
    const c = createCoalescer<number>(() => {
      n += 1;
      if (n === 1) throw new Error('no connection');
      return Promise.resolve(n);
    });
    await expect(c.fresh()).rejects.toThrow('no connection');
    expect(await c.fresh()).toBe(2);
  });
});
