// Browser-side figures of the landing page: what it downloads for its first view, how soon the
// first dog card is on screen on an emulated phone, layout shift, and Lighthouse 12 (mobile).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '../../test/support/local-processes';
import { repoRoot } from './server';

/** Lighthouse's own mobile screen (Moto G Power) and a phone user agent. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  locale: 'es-CO',
};

/** The emulated phone: 4x CPU slowdown, 150 ms latency, 1.6 Mbps down, 750 kbps up. */
export const PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};
export const CPU_SLOWDOWN = 4;
/** The first dog card: an <article> of the carousel in #adopt that has a box on the page. */
export const FIRST_CARD_SELECTOR = '#adopt article';

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export interface FirstViewRun {
  /** ms from navigation start to the frame in which the first dog card has a box. */
  firstCardMs: number;
  /** Cumulative layout shift until 3 s after the card appeared (no input). */
  cls: number;
  /** Same-origin JavaScript and CSS the page requested without any interaction. */
  assets: string[];
  /** Dog photos requested without scrolling. */
  dogImages: string[];
  /** Requests to /api/dog before the first card. */
  listRequests: number;
}

interface Probe {
  __bench: { card: number; cls: number };
}

/** Installed before any page script: records the first card's frame and the layout shifts. */
const PROBE = `(() => {
  const t = { card: null, cls: 0 };
  window.__bench = t;
  const check = () => {
    if (t.card !== null) return;
    const el = document.querySelector(${JSON.stringify(FIRST_CARD_SELECTOR)});
    if (!el || el.getBoundingClientRect().height === 0) return;
    observer.disconnect();
    t.card = -1;
    requestAnimationFrame(() => { t.card = performance.now(); });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) t.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

/** A page of `context` with the emulated phone's network and CPU, its cache disabled. */
async function phonePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/** One cold load of `url` on the emulated phone. */
export async function firstView(browser: Browser, url: string): Promise<FirstViewRun> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await phonePage(context);
    await page.addInitScript(PROBE);

    const origin = new URL(url).origin;
    const assets: string[] = [];
    const dogImages: string[] = [];
    let listRequests = 0;
    let cardSeen = false;
    page.on('request', (req) => {
      const u = new URL(req.url());
      if (u.origin !== origin) return;
      if (/\.(js|css)$/.test(u.pathname)) assets.push(u.pathname);
      if (u.pathname.startsWith('/demo-dogs/') || u.pathname === '/dog-placeholder.svg') {
        dogImages.push(u.pathname);
      }
      if (u.pathname === '/api/dog' && !cardSeen) listRequests += 1;
    });

    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForFunction(() => (window as unknown as Probe).__bench?.card > 0, null, {
      timeout: 60_000,
      polling: 50,
    });
    cardSeen = true;
    await page.waitForTimeout(3_000);
    const probe = await page.evaluate(() => (window as unknown as Probe).__bench);
    return { firstCardMs: probe.card, cls: probe.cls, assets, dogImages, listRequests };
  } finally {
    await context.close();
  }
}

/**
 * One cold load of `url` on the same emulated phone as firstView: ms from navigation start to the
 * browser's first contentful paint (the Paint Timing API), and the HTTP status of the page.
 */
export async function firstContentfulPaint(
  browser: Browser,
  url: string,
): Promise<{ fcpMs: number; status: number }> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await phonePage(context);
    const response = await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const fcp = await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      null,
      { timeout: 60_000, polling: 50 },
    );
    return { fcpMs: (await fcp.jsonValue()) as number, status: response?.status() ?? 0 };
  } finally {
    await context.close();
  }
}

export interface WireSize {
  path: string;
  encoding: string;
  bytes: number;
}

/** Bytes of the body as the server sends it for Accept-Encoding: br, gzip (no decoding). */
export function wireSize(base: string, path: string): Promise<WireSize> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, base),
      { headers: { 'accept-encoding': 'br, gzip' } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`GET ${path}: HTTP ${res.statusCode}`));
          else
            resolve({
              path,
              encoding: String(res.headers['content-encoding'] ?? 'identity'),
              bytes,
            });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The JS and CSS that index.html itself references (scripts, stylesheets, module preloads). */
export function referencedAssets(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = m[0];
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src || /^(https?:)?\/\//.test(src)) continue;
    if (/\.(js|css)(\?|$)/.test(src)) found.add(src);
  }
  return [...found];
}

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  metrics: Record<string, number>;
  /** Audits under 1 in the accessibility, best-practices and SEO categories. */
  failing: string[];
}

interface LhrJson {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number; scoreDisplayMode: string }>;
}

/**
 * Lighthouse 12 CLI, mobile defaults (simulated throttling), with Debian's Chromium. A run that
 * fails to record its trace (NO_NAVSTART and the like, on a busy machine) is tried again.
 */
export async function lighthouse(url: string, attempts = 3): Promise<LighthouseRun> {
  for (let i = 1; ; i++) {
    try {
      return await lighthouseOnce(url);
    } catch (error) {
      if (i >= attempts) throw error;
      console.warn(`lighthouse attempt ${i} failed, retrying: ${(error as Error).message.trim()}`);
    }
  }
}

async function lighthouseOnce(url: string): Promise<LighthouseRun> {
  const cli = join(repoRoot, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const args = [
    cli,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
  ];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`lighthouse exited ${code}: ${stderr}`)),
    );
  });
  const lhr = JSON.parse(out) as LhrJson;
  // BENCH_LHR_DIR keeps every full report, to read what a score is made of.
  if (process.env.BENCH_LHR_DIR) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`;
    writeFileSync(join(process.env.BENCH_LHR_DIR, name), out);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing: string[] = [];
  for (const cat of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (audit && audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1) {
        failing.push(`${cat}:${ref.id}`);
      }
    }
  }
  const metrics: Record<string, number> = {};
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]) {
    metrics[id] = lhr.audits[id]?.numericValue ?? NaN;
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    metrics,
    failing,
  };
}
