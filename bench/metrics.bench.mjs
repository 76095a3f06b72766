// GET /metrics (issue 35): how long a scrape takes once the backend has some 5,000 series, and
// what counting the requests costs GET /api/config (the metrics off, then on).
import { measure, printTable } from './lib/load.mjs';
import { percentile } from './lib/percentile.mjs';
import { signedInUser } from './lib/identity.mjs';
import { startBackend } from './lib/servers.mjs';

const TOKEN = 'token-de-metricas-del-banco-0123456789';
const SERIES_WANTED = 5_000;
const SCRAPES = 100;
const auth = { Authorization: `Bearer ${TOKEN}` };

const seriesIn = (text) => text.split('\n').filter((line) => line && !line.startsWith('#')).length;

/**
 * Traffic as clients make it: every operation of the API document, by a visitor, a signed-in user
 * and a caller with a wrong API key, on a few ids, so that routes, methods and statuses make
 * series as a busy deployment's do (each of them a latency histogram of 16 series).
 */
async function fillSeries(backend) {
  const { url } = backend;
  const document = await (await fetch(`${url}/api/docs-json`)).json();
  const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => [method.toUpperCase(), path]));
  const variants = [{}, { Authorization: await signedInUser(backend, 'metricas@bench.example') }, { 'x-api-key': 'nova_no-es-una-clave' }];
  const ids = ['00000000-0000-4000-8000-000000000000', 'bench', '1'];
  let series = 0;
  for (let round = 0; round < ids.length && series < SERIES_WANTED; round += 1) {
    for (const [method, path] of operations) {
      for (const headers of variants) {
        const target = path.replace(/\{[^}]+\}/g, ids[round]);
        await fetch(`${url}${target}`, {
          method,
          headers: { ...headers, ...(method === 'GET' || method === 'HEAD' ? {} : { 'Content-Type': 'application/json' }) },
          body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
        })
          .then((response) => response.arrayBuffer())
          .catch(() => undefined);
      }
    }
    series = seriesIn(await (await fetch(`${url}/metrics`, { headers: auth })).text());
  }
  return { series, operations: operations.length };
}

async function timeScrapes(url) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < SCRAPES; i += 1) {
    const started = performance.now();
    const text = await (await fetch(`${url}/metrics`, { headers: auth })).text();
    times.push(performance.now() - started);
    bytes = text.length;
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: percentile(times, 1), bytes };
}

export async function run({ seconds }) {
  const off = await startBackend(3591);
  let configOff;
  try {
    configOff = await measure(`${off.url}/api/config`, { seconds, title: 'GET /api/config, métricas desactivadas' });
  } finally {
    await off.stop();
  }

  const on = await startBackend(3592, { METRICS_TOKEN: TOKEN });
  try {
    const configOn = await measure(`${on.url}/api/config`, { seconds, title: 'GET /api/config, métricas activadas (METRICS_TOKEN)' });
    console.log('\nMétricas: coste por petición (64 conexiones)');
    printTable([configOff, configOn], configOff);

    const { series, operations } = await fillSeries(on);
    const idle = await timeScrapes(on.url);
    // A scrape while the server is busy: 64 connections on the marketplace's first page meanwhile.
    const busyLoad = measure(`${on.url}/api/marketplace/agents`, { seconds: Math.max(3, Math.round(seconds / 2)), title: 'carga' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const busy = await timeScrapes(on.url);
    await busyLoad;

    const round = (ms) => Math.round(ms * 10) / 10;
    console.log(`\nGET /metrics: ${series} series (${operations} operaciones de la API llamadas), ${Math.round(idle.bytes / 1024)} KiB; ${SCRAPES} lecturas seguidas`);
    console.table([
      { escenario: 'servidor en reposo', 'p50 ms': round(idle.p50), 'p95 ms': round(idle.p95), 'máx ms': round(idle.max) },
      { escenario: 'servidor con 64 conexiones', 'p50 ms': round(busy.p50), 'p95 ms': round(busy.p95), 'máx ms': round(busy.max) },
    ]);
    if (series < SERIES_WANTED) console.log(`Aviso: solo ${series} series (se querían ${SERIES_WANTED}).`);
    if (idle.p95 >= 50) console.log(`Aviso: el p95 en reposo (${round(idle.p95)} ms) no está por debajo de 50 ms.`);
    return { configOff, configOn, series, idle, busy };
  } finally {
    await on.stop();
  }
}
