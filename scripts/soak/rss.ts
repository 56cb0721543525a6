// The soak's memory figures. A server's RSS under load is its retained memory plus whatever its
// requests hold for a moment: a password hash alone holds argon2's 19 MiB for the 40–90 ms it
// runs, two at once twice that, about a tenth of a PostgreSQL-mode process each. One reading
// taken at an instant therefore says more about which logins happened to be running than about
// what the process keeps, and growth between two such readings swings by ±10 % with no change in
// retained memory. So RSS is read every SAMPLE_MS all through the run, and "after warm-up" and
// "at the end" are each the median over a window of WINDOW_S seconds: what the process holds
// then, while brief peaks are reported on their own (the highest reading after warm-up).

import { median } from '../bench/stats';

export const SAMPLE_MS = 200;
export const WINDOW_S = 10;

export interface RssSample {
  /** Seconds since the load started. */
  t: number;
  /** Bytes, one reading per process, in the servers' order. */
  rss: number[];
}

/** Process `i`'s median RSS over the readings taken from `from` to `to` seconds (inclusive). */
export function medianRss(samples: RssSample[], i: number, from: number, to: number): number {
  return median(samples.filter((s) => s.t >= from && s.t <= to).map((s) => s.rss[i]!));
}

/** Process `i`'s highest RSS reading from `from` seconds on (NaN without a valid one). */
export function peakRss(samples: RssSample[], i: number, from: number): number {
  let peak = NaN;
  for (const s of samples) {
    const v = s.rss[i]!;
    if (s.t >= from && Number.isFinite(v) && !(v <= peak)) peak = v;
  }
  return peak;
}

/**
 * The windows "after warm-up" and "at the end" for a load that ran `ended` seconds: WINDOW_S
 * each, or shorter on a run too short for two of them after warm-up, so they share no more than
 * their boundary.
 */
export function rssWindows(warmupSeconds: number, ended: number) {
  const length = Math.max(0, Math.min(WINDOW_S, (ended - warmupSeconds) / 2));
  return {
    length,
    warm: [warmupSeconds, warmupSeconds + length] as const,
    end: [ended - length, ended] as const,
  };
}

/** Reads every process's RSS each SAMPLE_MS until stopped; `t` counts from the call. */
export function sampleRss(read: (() => number)[]): { samples: RssSample[]; stop(): void } {
  const started = performance.now();
  const samples: RssSample[] = [];
  const take = () =>
    samples.push({ t: (performance.now() - started) / 1000, rss: read.map((r) => r()) });
  take();
  const timer = setInterval(take, SAMPLE_MS);
  return {
    samples,
    stop() {
      clearInterval(timer);
      take();
    },
  };
}
