// Coalesced reads of a value that other processes may change (the data version stamps).
//
// `fresh()` resolves with the result of a query that STARTED AFTER the call: so every change
// committed before the call is included, exactly as if the caller had run the query itself.
// Callers share queries: at most one runs at a time, and at most one more is queued. A call that
// arrives while a query runs cannot reuse it (it may have started before the call); it waits for
// the queued one, which starts when the running one ends and serves every call queued meanwhile.
// Under load that is one query per database round trip instead of one per request.

export interface Coalescer<T> {
  /** The result of a query started after this call (its error, if that query fails). */
  fresh(): Promise<T>;
  /** Queries started so far. */
  readonly started: number;
}

interface Waiters<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function waiters<T>(): Waiters<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function createCoalescer<T>(query: () => Promise<T>): Coalescer<T> {
  let running = false;
  let queued: Waiters<T> | undefined;
  let started = 0;

  function start(group: Waiters<T>): void {
    running = true;
    started += 1;
    let result: Promise<T>;
    try {
      result = query();
    } catch (error) {
      result = Promise.reject(error);
    }
    // The next query starts in the same callback that settles this one: never two at once.
    result.then(
      (value) => {
        group.resolve(value);
        finish();
      },
      (error: unknown) => {
        group.reject(error);
        finish();
      },
    );
  }

  function finish(): void {
    running = false;
    const next = queued;
    queued = undefined;
    if (next) start(next);
  }

  return {
    fresh(): Promise<T> {
      if (!running) {
        const group = waiters<T>();
        start(group);
        return group.promise;
      }
      queued ??= waiters<T>();
      return queued.promise;
    },
    get started() {
      return started;
    },
  };
}
