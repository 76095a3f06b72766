// The first screen: how long a cold visit waits for content. The built app (out/renderer, served
// by the built backend) is opened in headless Chromium, in a fresh browser context each time (empty
// cache), and timed from navigation to the first content: the landing's heading on `/`, the first
// agent card on `/marketplace` (a seeded catalogue). First contentful paint and largest
// contentful paint come from the page's own performance entries. A search is timed too: a word
// typed into the marketplace's search box until the first card matches it (the typing pause the
// grid waits for included). Target: content within 1 s.
// The entry script's gzipped size is reported beside it (limit 180 KB: every first screen waits
// for it). BENCH_FIRST_SCREEN_RUNS sets the visits per page (7), BENCH_FIRST_SCREEN_AGENTS the
// catalogue's size (10,000); RENDERER_DIR measures another build.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { constants as zlib, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { seedSqlite } from './marketplace.bench.mjs';
import { percentile } from './lib/percentile.mjs';
import { startBackend } from './lib/servers.mjs';

const RUNS = Number(process.env.BENCH_FIRST_SCREEN_RUNS ?? 7);
const AGENTS = Number(process.env.BENCH_FIRST_SCREEN_AGENTS ?? 10_000);
const TARGET_MS = 1000;
const ENTRY_LIMIT_BYTES = 180 * 1024;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

const PAGES = [
  { path: '/', content: 'h1', title: '/ (título de la portada)' },
  { path: '/marketplace', content: '.marketplace-card', title: '/marketplace (primera tarjeta)' },
];

/**
 * Runs in the page before its own scripts: notes the moment (ms since navigation started) the
 * first element matching `selector` is laid out with a size, checking after every DOM change.
 */
function watchFirstContent(selector) {
  const check = () => {
    if (window.__firstContentMs !== undefined) return;
    const element = document.querySelector(selector);
    if (!element) return;
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) window.__firstContentMs = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
}

async function visit(browser, url, selector) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchFirstContent, selector);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstContentMs !== undefined, undefined, { timeout: 30_000 });
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
          // LCP entries arrive buffered; the last one so far is the current largest paint.
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve({ content: window.__firstContentMs, fcp, lcp: entries.at(-1)?.startTime });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve({ content: window.__firstContentMs, fcp, lcp: undefined }), 1000);
        }),
    );
  } finally {
    await context.close();
  }
}

/** Topics of the seeded catalogue, typed as a visitor would (no accents): one per visit, so that no cache answers. */
const SEARCH_WORDS = ['contratos', 'impuestos', 'python', 'nominas', 'logistica', 'inventario', 'campanas', 'idiomas', 'nutricion', 'tesoreria'];

/**
 * A search in the marketplace: once the first card is shown, the word is typed into 'Buscar' and
 * timed until the first card is one that matches it (the grid waits for the user to pause
 * typing, SEARCH_DEBOUNCE_MS, and that wait counts).
 */
async function search(browser, url, word) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('.marketplace-card').first().waitFor({ timeout: 30_000 });
    const searchbox = page.getByRole('searchbox', { name: 'Buscar' });
    const started = await page.evaluate(() => performance.now());
    await searchbox.fill(word);
    await page.waitForFunction(
      (typed) => {
        const card = document.querySelector('.marketplace-card');
        const text = (card?.textContent ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
        if (text.includes(typed)) window.__searchShownMs ??= performance.now();
        return window.__searchShownMs !== undefined;
      },
      word,
      { timeout: 30_000, polling: 'raf' },
    );
    return (await page.evaluate(() => window.__searchShownMs)) - started;
  } finally {
    await context.close();
  }
}

/** The entry script that index.html loads, and its size gzipped at the level the build uses. */
function entryScriptSize() {
  const rendererDir = resolve(process.env.RENDERER_DIR ?? 'out/renderer');
  const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(readFileSync(join(rendererDir, 'index.html'), 'utf8'))?.[1];
  if (!entry) throw new Error(`No entry script in ${rendererDir}/index.html`);
  const source = readFileSync(join(rendererDir, entry));
  return { entry, bytes: source.length, gzipBytes: gzipSync(source, { level: zlib.Z_BEST_COMPRESSION }).length };
}

const ms = (value) => (value === undefined ? '—' : Math.round(value));

export async function run() {
  const workDir = mkdtempSync(join(tmpdir(), 'nova-bench-first-screen-'));
  const databasePath = join(workDir, 'marketplace.sqlite');
  const backend = await startBackend(3321, { SQLITE_PATH: databasePath });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    seedSqlite(databasePath, AGENTS);
    const rows = [];
    for (const { path, content, title } of PAGES) {
      await visit(browser, `${backend.url}${path}`, content); // warms the server, not the browser
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await visit(browser, `${backend.url}${path}`, content));
      const contentTimes = runs.map((run) => run.content);
      rows.push({
        página: title,
        'contenido p50 ms': ms(percentile(contentTimes, 0.5)),
        'contenido máx ms': ms(Math.max(...contentTimes)),
        'FCP p50 ms': ms(percentile(runs.map((run) => run.fcp), 0.5)),
        'LCP p50 ms': ms(percentile(runs.map((run) => run.lcp), 0.5)),
        'LCP máx ms': ms(Math.max(...runs.map((run) => run.lcp ?? 0))),
        objetivo: Math.max(...contentTimes) <= TARGET_MS ? `≤ ${TARGET_MS} ms` : `> ${TARGET_MS} ms`,
      });
    }
    await search(browser, `${backend.url}/marketplace`, 'asesor'); // warms the server
    const searchTimes = [];
    for (let run = 0; run < RUNS; run += 1) searchTimes.push(await search(browser, `${backend.url}/marketplace`, SEARCH_WORDS[run % SEARCH_WORDS.length]));
    rows.push({
      página: '/marketplace, búsqueda (primera tarjeta que coincide)',
      'contenido p50 ms': ms(percentile(searchTimes, 0.5)),
      'contenido máx ms': ms(Math.max(...searchTimes)),
      objetivo: Math.max(...searchTimes) <= TARGET_MS ? `≤ ${TARGET_MS} ms` : `> ${TARGET_MS} ms`,
    });
    console.log(`\nPrimera pantalla: Chromium sin caché, ${RUNS} visitas por página, 1280×800, ${AGENTS} agentes`);
    console.table(rows);
    const { entry, bytes, gzipBytes } = entryScriptSize();
    const kb = (value) => `${(value / 1024).toFixed(1)} KB`;
    console.log(
      `Script de entrada ${entry}: ${kb(bytes)}, ${kb(gzipBytes)} con gzip ` +
        `(límite ${kb(ENTRY_LIMIT_BYTES)}: ${gzipBytes <= ENTRY_LIMIT_BYTES ? 'cumple' : 'NO cumple'})`,
    );
    return rows;
  } finally {
    await browser.close();
    await backend.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
