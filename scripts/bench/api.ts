// API throughput: autocannon (its own process) against GET /api/dog?limit=24 of the real server and
// against a bare node:http server sending the same bytes, alternating, in the same run.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './server';

export const LIST_PATH = '/api/dog?limit=24';
const AUTOCANNON = join(repoRoot, 'node_modules', 'autocannon', 'autocannon.js');

export interface CannonResult {
  /** Mean requests per second over the run. */
  rps: number;
  p99: number;
  p50: number;
  /** Connection errors + timeouts + non-2xx answers. */
  errors: number;
  requests: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p99: number; p50: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

function runNode(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`node ${args[0]} exited ${code}: ${err}`)),
    );
  });
}

/** autocannon -c connections -d seconds, in a separate Node process. */
export async function cannon(
  url: string,
  seconds: number,
  connections = 50,
): Promise<CannonResult> {
  const out = await runNode([
    AUTOCANNON,
    '-c',
    String(connections),
    '-d',
    String(seconds),
    '-j',
    url,
  ]);
  const r = JSON.parse(out) as AutocannonJson;
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    p50: r.latency.p50,
    errors: r.errors + r.timeouts + r.non2xx,
    requests: r.requests.total,
  };
}

/** Starts bare-server.mjs serving `body`; returns its URL and a stop function. */
export async function startBareServer(body: Buffer, dir: string) {
  const file = join(dir, 'bare-body.json');
  writeFileSync(file, body);
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bare-server.mjs'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface ApiComparison {
  api: CannonResult[];
  bare: CannonResult[];
  bodyBytes: number;
}

/** `runs` alternating pairs (bare, then the API), each `seconds` long, after a short warm-up. */
export async function compareApi(
  serverUrl: string,
  dir: string,
  runs: number,
  seconds: number,
): Promise<ApiComparison> {
  const res = await fetch(serverUrl + LIST_PATH);
  if (!res.ok) throw new Error(`GET ${LIST_PATH}: HTTP ${res.status}`);
  const body = Buffer.from(await res.arrayBuffer());
  const bare = await startBareServer(body, dir);
  try {
    // Warm-up (JIT, connection pools, the database's first reads after a restart); not counted.
    await cannon(bare.url + LIST_PATH, 3);
    await cannon(serverUrl + LIST_PATH, 5);
    const result: ApiComparison = { api: [], bare: [], bodyBytes: body.length };
    for (let i = 0; i < runs; i++) {
      result.bare.push(await cannon(bare.url + LIST_PATH, seconds));
      result.api.push(await cannon(serverUrl + LIST_PATH, seconds));
    }
    return result;
  } finally {
    await bare.stop();
  }
}
