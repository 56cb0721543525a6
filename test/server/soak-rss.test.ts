// The soak's memory figures (scripts/soak/rss.ts): a password hash running at the instant of a
// reading must not pass for growth, while memory the process keeps must.
import { describe, expect, it } from 'vitest';
import { medianRss, peakRss, rssWindows, sampleRss, type RssSample } from '../../scripts/soak/rss';

const MB = 1024 * 1024;

/** One process read every 0.2 s for `seconds`, at `base(t)` MB plus 19 MB at the given instants. */
function readings(seconds: number, base: (t: number) => number, hashesAt: number[]): RssSample[] {
  const out: RssSample[] = [];
  for (let i = 0; i <= seconds * 5; i++) {
    const t = i / 5;
    const hashing = hashesAt.some((h) => Math.abs(h - t) < 0.05);
    out.push({ t, rss: [(base(t) + (hashing ? 19 : 0)) * MB] });
  }
  return out;
}

describe('soak RSS figures', () => {
  it('a hash in flight at the end is a peak, not growth', () => {
    // 200 MB throughout; a single reading would say 219 MB at the end (9.5 % "growth"), or at
    // the start of either window, or in the middle of one.
    const samples = readings(600, () => 200, [60, 65, 70, 590, 595, 599.8, 600]);
    expect(samples.at(-1)!.rss[0]).toBe(219 * MB);
    const windows = rssWindows(60, 600);
    expect(windows).toEqual({ length: 10, warm: [60, 70], end: [590, 600] });
    expect(medianRss(samples, 0, ...windows.warm)).toBe(200 * MB);
    expect(medianRss(samples, 0, ...windows.end)).toBe(200 * MB);
    expect(peakRss(samples, 0, 60)).toBe(219 * MB);
  });

  it('memory the process keeps is growth', () => {
    // 200 MB after warm-up, 240 MB by the end: 40 MB kept over nine minutes.
    const samples = readings(600, (t) => 200 + (40 * Math.max(0, t - 60)) / 540, []);
    const warm = medianRss(samples, 0, 60, 70);
    const end = medianRss(samples, 0, 590, 600);
    expect((end - warm) / warm).toBeGreaterThan(0.18);
  });

  it('never lets the two windows overlap on a short run', () => {
    // --seconds 20: warm-up 5 s, 7.5 s each instead of 10.
    expect(rssWindows(5, 20)).toEqual({ length: 7.5, warm: [5, 12.5], end: [12.5, 20] });
  });

  it('says NaN rather than a figure when no reading could be taken', () => {
    const samples: RssSample[] = [0, 1, 2].map((t) => ({ t, rss: [NaN] }));
    expect(peakRss(samples, 0, 0)).toBeNaN();
    expect(medianRss(samples, 0, 0, 2)).toBeNaN();
  });

  it('takes readings until stopped, with their time', async () => {
    let n = 0;
    const sampler = sampleRss([() => ++n * MB, () => 7]);
    await new Promise((resolve) => setTimeout(resolve, 450));
    sampler.stop();
    const count = sampler.samples.length;
    // One at once, one every 0.2 s, one at the stop.
    expect(count).toBeGreaterThanOrEqual(3);
    expect(sampler.samples.every((s) => s.rss[1] === 7)).toBe(true);
    expect(sampler.samples.at(-1)!.t).toBeGreaterThanOrEqual(0.4);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(sampler.samples).toHaveLength(count);
  });
});
