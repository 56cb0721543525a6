// Photo processing figures (`BENCH_PART=photos`, and part of the full run):
// - time to process one 12-megapixel JPEG into every variant (in this process, median of runs);
// - size of the 640 px WebP of that photo;
// - peak resident memory of the real server while 10 such uploads arrive at once, above its RSS
//   when idle before its first upload (VmRSS sampled every 20 ms), and how long the burst took;
//   the server runs from the sources (tsx) on a new embedded DATA_DIR.
// The test photo is made with sharp: gradients, soft shapes, texture and sensor-like noise.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { processPhoto } from '../../src/server/photos/processing';
import { makeJpegPhoto } from '../../test/support/photos';
import { ApiClient, rssOf, startServer } from './server';
import { median } from './stats';

export interface PhotoFigures {
  inputBytes: number;
  processMs: number[];
  webp640Bytes: number;
  idleRss: number[];
  peakRss: number[];
  burstMs: number[];
  statuses: number[][];
}

const MB = 1024 * 1024;
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function uploadOnce(client: ApiClient, photo: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto-12mp.jpg');
  const res = await fetch(`${client.base}/api/photos`, {
    method: 'POST',
    headers: { cookie: client.cookie, origin: client.base },
    body: form,
  });
  await res.arrayBuffer();
  return res.status;
}

export async function measurePhotos(o: {
  dir: string;
  runs: number;
  owner: { name: string; email: string; password: string };
  log: (...args: unknown[]) => void;
}): Promise<PhotoFigures> {
  o.log('making a 12-megapixel test photo (4000×3000 JPEG)');
  const photo = await makeJpegPhoto(4000, 3000);
  const figures: PhotoFigures = {
    inputBytes: photo.length,
    processMs: [],
    webp640Bytes: NaN,
    idleRss: [],
    peakRss: [],
    burstMs: [],
    statuses: [],
  };

  // One warm-up (loads sharp and libvips), then the counted runs.
  await processPhoto(photo);
  for (let i = 0; i < Math.max(5, o.runs); i++) {
    const started = performance.now();
    const processed = await processPhoto(photo);
    figures.processMs.push(performance.now() - started);
    figures.webp640Bytes =
      processed.variants.find((v) => v.format === 'webp' && v.width === 640)?.bytes.length ?? NaN;
    o.log(`  process ${i + 1}: ${figures.processMs.at(-1)!.toFixed(0)} ms`);
  }

  const dataDir = join(o.dir, 'photos-data');
  mkdirSync(dataDir, { recursive: true });
  const server = await startServer({
    staticDir: join(o.dir, 'no-static'),
    storage: { DATA_DIR: dataDir },
    logFile: join(o.dir, 'server-photos.log'),
    build: false,
    env: { PHOTO_UPLOAD_RATE_LIMIT_USER: '100000', PHOTO_UPLOAD_RATE_LIMIT_IP: '100000' },
  });
  try {
    const client = new ApiClient(server.url);
    await client.registerAndLogin(o.owner.name, o.owner.email, o.owner.password);
    // Idle: started and logged in, before any photo (sharp is loaded with the first upload, so
    // the first burst pays for that too).
    await settle(2000);
    const idle = rssOf(server.pid);
    for (let i = 0; i < o.runs; i++) {
      await settle(2000);
      let peak = idle;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(server.pid));
      }, 20);
      const started = performance.now();
      const statuses = await Promise.all(
        Array.from({ length: 10 }, () => uploadOnce(client, photo)),
      );
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, rssOf(server.pid));
      figures.idleRss.push(idle);
      figures.peakRss.push(peak);
      figures.burstMs.push(elapsed);
      figures.statuses.push(statuses);
      o.log(
        `  burst ${i + 1}: 10 uploads in ${(elapsed / 1000).toFixed(1)} s, statuses ${statuses.join(',')}, ` +
          `RSS idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (+${((peak - idle) / MB).toFixed(0)} MB)`,
      );
    }
  } finally {
    await server.stop();
  }
  return figures;
}

export function photoReport(f: PhotoFigures): { markdown: string; failures: string[] } {
  const processMs = median(f.processMs);
  const above = median(f.peakRss.map((p, i) => p - f.idleRss[i]!)) / MB;
  const checks = [
    {
      metric: '12-megapixel JPEG → every variant (AVIF, WebP, JPEG × 320/640/1280 + placeholder)',
      target: '≤ 1.5 s median',
      value: `${(processMs / 1000).toFixed(2)} s (runs ${f.processMs.map((m) => (m / 1000).toFixed(2)).join(', ')})`,
      ok: processMs <= 1500,
    },
    {
      metric: 'Peak RSS while 10 such uploads arrive at once, above idle',
      target: '≤ 600 MB',
      value: `${above.toFixed(0)} MB (idle ${(median(f.idleRss) / MB).toFixed(0)} MB; burst ${(median(f.burstMs) / 1000).toFixed(1)} s)`,
      ok: above <= 600 && f.statuses.every((s) => s.every((code) => code === 201)),
    },
    {
      metric: '640 px WebP of that photo',
      target: '≤ 60 KB',
      value: `${(f.webp640Bytes / 1024).toFixed(1)} KB (input ${(f.inputBytes / MB).toFixed(1)} MB JPEG)`,
      ok: f.webp640Bytes <= 60 * 1024,
    },
  ];
  const markdown = [
    '| Photo metric | Target | Measured | |',
    '|---|---|---|---|',
    ...checks.map((c) => `| ${c.metric} | ${c.target} | ${c.value} | ${c.ok ? 'ok' : 'FAIL'} |`),
  ].join('\n');
  return { markdown, failures: checks.filter((c) => !c.ok).map((c) => c.metric) };
}
