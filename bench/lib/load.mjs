import autocannon from 'autocannon';

/**
 * Drives `url` with `connections` concurrent keep-alive connections for `seconds`. With `paths`,
 * each request asks for the next of them in turn (requests that vary, which no cache answers).
 */
export async function measure(url, { connections = 64, seconds = 8, title = url, paths } = {}) {
  let next = 0;
  const requests = paths ? [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }] : undefined;
  // A short warm-up so JIT compilation and connection set-up do not count.
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
