// The soak's memory figures (scripts/soak/rss.ts): a password hash running at the instant of a
// reading must not pass for growth, while memory the process keeps must.
import { describe, expect, it } from 'vitest';
import { medianRss, peakRss, sampleRss, type RssSample } from '../../scripts/soak/rss';

const MB = 1024 * 1024;

/** One process read every 0.2 s for `seconds`, at `base(t)` MB plus 19 MB at the given instants. */
function readings(seconds: number, base: (t: number) => number, hashesAt: number[]): RssSample[] {
  const out: RssSample[] = [];
  for (let t = 0; t <= seconds + 1e-9; t += 0.2) {
    const hashing = hashesAt.some((h) => Math.abs(h - t) < 0.05);
    out.push({ t, rss: [(base(t) + (hashing ? 19 : 0)) * MB] });
  }
  return out;
}

describe('soak RSS figures', () => {
  it('a hash in flight at the end is a peak, not growth', () => {
    // 200 MB throughout; a single reading would say 219 MB at the end (9.5 % "growth").
    const samples = readings(600, () => 200, [60, 599.8, 600]);
    expect(samples.at(-1)!.rss[0]).toBe(219 * MB);
    expect(medianRss(samples, 0, 60, 70)).toBe(200 * MB);
    expect(medianRss(samples, 0, 590, 600)).toBe(200 * MB);
    expect(peakRss(samples, 0, 60)).toBe(219 * MB);
  });

  it('memory the process keeps is growth', () => {
    // 200 MB after warm-up, 240 MB by the end: a leak of 4 MB a minute.
    const samples = readings(600, (t) => 200 + (40 * Math.max(0, t - 60)) / 540, []);
    const warm = medianRss(samples, 0, 60, 70);
    const end = medianRss(samples, 0, 590, 600);
    expect((end - warm) / warm).toBeGreaterThan(0.18);
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
