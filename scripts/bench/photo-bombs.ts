// Decompression bombs (`BENCH_PART=photo-bombs`, and part of the full run): the real server's
// resident memory while each hostile upload is handled, above its RSS just before it (VmRSS
// sampled every 20 ms, a fresh server for each file so one upload's leftovers never hide the
// next one's cost). The files are the outside audit's PNGs (a few hundred KB standing for hundreds
// of MB of pixels, made by test/support/photos.ts), a 1.4 KB AVIF of 8192 × 6100 found while
// fixing them, and the largest interlaced PNG the server still accepts, which shows what an
// accepted whole-image decode costs. Goal: no upload raises RSS by more than 300 MB.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { AUDIT_BOMBS, pngBomb } from '../../test/support/photos';
import { ApiClient, rssOf, startServer } from './server';
import { median } from './stats';

const MB = 1024 * 1024;
/** Most an upload may raise the server's memory by. */
const GOAL_MB = 300;

export interface BombFigure {
  name: string;
  fileBytes: number;
  status: number[];
  /** Peak RSS above the RSS just before the upload, per run. */
  riseBytes: number[];
  ms: number[];
}

async function bombFiles(): Promise<Array<{ name: string; bytes: Buffer }>> {
  const files = [];
  for (const { name, shape } of AUDIT_BOMBS) files.push({ name, bytes: await pngBomb(shape) });
  files.push({
    name: '8192 × 6100 AVIF',
    bytes: await sharp({ create: { width: 8192, height: 6100, channels: 3, background: '#7a5' } })
      .avif({ quality: 50, effort: 0 })
      .toBuffer(),
  });
  files.push({
    name: '7000 × 7000, 8-bit RGBA, interlaced (accepted)',
    bytes: await pngBomb({ width: 7000, height: 7000, interlaced: true }),
  });
  return files;
}

async function uploadOnce(client: ApiClient, bytes: Buffer, type: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'bomba');
  const res = await fetch(`${client.base}/api/photos`, {
    method: 'POST',
    headers: { cookie: client.cookie, origin: client.base },
    body: form,
  });
  await res.arrayBuffer();
  return res.status;
}

export async function measurePhotoBombs(o: {
  dir: string;
  runs: number;
  owner: { name: string; email: string; password: string };
  log: (...args: unknown[]) => void;
}): Promise<BombFigure[]> {
  o.log('making the decompression bombs');
  const files = await bombFiles();
  const figures: BombFigure[] = files.map((f) => ({
    name: f.name,
    fileBytes: f.bytes.length,
    status: [],
    riseBytes: [],
    ms: [],
  }));
  for (let run = 0; run < o.runs; run++) {
    for (const [i, file] of files.entries()) {
      const dataDir = join(o.dir, `bombs-data-${run}-${i}`);
      mkdirSync(dataDir, { recursive: true });
      const server = await startServer({
        staticDir: join(o.dir, 'no-static'),
        storage: { DATA_DIR: dataDir },
        logFile: join(o.dir, `server-bombs-${run}-${i}.log`),
        build: false,
        env: {
          PHOTO_UPLOAD_RATE_LIMIT_USER: '100000',
          PHOTO_UPLOAD_RATE_LIMIT_IP: '100000',
          // The accepted 49-megapixel interlaced PNG may take longer than the default 30 s
          // without a byte on the connection when the machine is loaded.
          HTTP_IDLE_TIMEOUT_SECONDS: '300',
        },
      });
      try {
        const client = new ApiClient(server.url);
        await client.registerAndLogin(o.owner.name, o.owner.email, o.owner.password);
        // sharp and libvips load with the first upload: a small photo first, so the figure is
        // the bomb's own cost.
        const warm = await sharp({
          create: { width: 64, height: 48, channels: 3, background: '#888' },
        })
          .jpeg()
          .toBuffer();
        await uploadOnce(client, warm, 'image/jpeg');
        await new Promise((r) => setTimeout(r, 1000));
        const before = rssOf(server.pid);
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 20);
        const started = performance.now();
        const type = file.name.includes('AVIF') ? 'image/avif' : 'image/png';
        const status = await uploadOnce(client, file.bytes, type);
        const ms = performance.now() - started;
        clearInterval(sampler);
        peak = Math.max(peak, rssOf(server.pid));
        const figure = figures[i]!;
        figure.status.push(status);
        figure.riseBytes.push(peak - before);
        figure.ms.push(ms);
        o.log(
          `  ${file.name} (${(file.bytes.length / 1024).toFixed(0)} KB): HTTP ${status} in ${ms.toFixed(0)} ms, ` +
            `RSS ${(before / MB).toFixed(0)} MB → peak +${((peak - before) / MB).toFixed(0)} MB`,
        );
      } finally {
        await server.stop();
      }
    }
  }
  return figures;
}

export function photoBombReport(figures: BombFigure[]): { markdown: string; failures: string[] } {
  const rows = figures.map((f) => {
    const rise = median(f.riseBytes) / MB;
    return {
      metric: `Upload of ${f.name} (${(f.fileBytes / 1024).toFixed(0)} KB): peak RSS above the moment before`,
      target: `≤ ${GOAL_MB} MB`,
      value: `+${rise.toFixed(0)} MB (runs ${f.riseBytes.map((b) => (b / MB).toFixed(0)).join(', ')}; HTTP ${[...new Set(f.status)].join('/')}, ${(median(f.ms) / 1000).toFixed(2)} s)`,
      ok: rise <= GOAL_MB && f.riseBytes.every((b) => b / MB <= GOAL_MB),
    };
  });
  const markdown = [
    '| Decompression bomb | Target | Measured | |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.metric} | ${r.target} | ${r.value} | ${r.ok ? 'ok' : 'FAIL'} |`),
  ].join('\n');
  return { markdown, failures: rows.filter((r) => !r.ok).map((r) => r.metric) };
}
