import autocannon from 'autocannon';
import { percentile } from './percentile.mjs';

/** Milliseconds with one decimal, for the tables. */
const tenths = (ms) => (ms === undefined ? undefined : Math.round(ms * 10) / 10);

/**
 * Drives `url` with `connections` concurrent keep-alive connections for `seconds`. With `paths`,
 * each request asks for the next of them in turn (requests that vary, which no page cache answers).
 *
 * The measured run opens its connections afresh (autocannon's warm-up has its own), and a busy
 * Node server accepts one new connection per turn of its event loop (libuv since 1.45), so the
 * first request of each connection waits for up to `connections` turns. Besides the p99 of every
 * request, the result splits the two: the slowest first request of a connection, and the p99 of
 * the requests that followed on connections already open.
 */
export async function measure(url, { connections = 64, seconds = 8, title = url, paths } = {}) {
  let next = 0;
  const requests = paths ? [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }] : undefined;
  // A short warm-up so that JIT compilation does not count.
  await autocannon({ url, connections, duration: 1, requests });
  const answered = new Set();
  const firstOnConnection = [];
  const onOpenConnection = [];
  const run = autocannon({ url, connections, duration: seconds, title, requests });
  run.on('response', (client, _status, _bytes, latencyMs) => {
    if (answered.has(client)) onOpenConnection.push(latencyMs);
    else {
      answered.add(client);
      firstOnConnection.push(latencyMs);
    }
  });
  const result = await run;
  return {
    title,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    firstOnConnectionMaxMs: tenths(percentile(firstOnConnection, 1)),
    p99OnOpenConnectionMs: tenths(percentile(onOpenConnection, 0.99)),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export function printTable(rows, reference) {
  const lines = rows.map((row) => ({
    escenario: row.title,
    'req/s': row.requestsPerSecond,
    'p50 ms': row.p50Ms,
    'p99 ms': row.p99Ms,
    errores: row.errors,
    ...(reference ? { 'vs referencia': `${Math.round((row.requestsPerSecond / reference.requestsPerSecond) * 100)}%` } : {}),
  }));
  console.table(lines);
}

/**
 * Like measure, for POST requests whose JSON bodies vary: each request sends the next of `bodies`
 * in turn (a search engine answers each afresh), with `headers` (e.g. authorization).
 */
export async function measurePosts(url, { bodies, headers = {}, connections = 8, seconds = 8, title = url } = {}) {
  let next = 0;
  const requests = [
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
    },
  ];
  await autocannon({ url, connections, duration: 1, requests });
  const result = await autocannon({ url, connections, duration: seconds, title, requests });
  return {
    title,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
