// Streaming chat: what the backend adds to the first token and to the whole reply, at 1 and at
// 200 concurrent streams, against a fake model that streams a fixed reply; and the backend's
// memory while 200 streams run. Target (issue 5): under 5 ms added at p50, no errors.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { signedInUser } from './lib/identity.mjs';
import { startOpenAiFake } from '../test/fakes/openai-compatible.mjs';
import { startBackend } from './lib/servers.mjs';

const CHUNKS = Array.from({ length: 20 }, (_, index) => `fragmento${index} `);
const INTERVAL_MS = 5;
const SEQUENTIAL_RUNS = 40;
const CONCURRENT_STREAMS = 200;

/** Reads a server-sent-event stream, timing the first and the last event that matter. */
async function timeStream(url, init, { isFirst, isDone }) {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let firstMs;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended early');
    buffer += decoder.decode(value, { stream: true });
    let boundary;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      if (event.includes('"error"') || event.startsWith('event: error')) throw new Error(event);
      if (firstMs === undefined && isFirst(event)) firstMs = performance.now() - started;
      if (isDone(event)) {
        await reader.cancel();
        return { firstMs, totalMs: performance.now() - started };
      }
    }
  }
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function measure(count, concurrency, run) {
  const results = [];
  let errors = 0;
  for (let done = 0; done < count; done += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - done) }, (_, i) => run(done + i));
    for (const outcome of await Promise.allSettled(batch)) {
      if (outcome.status === 'fulfilled') results.push(outcome.value);
      else errors += 1;
    }
  }
  const first = results.map((r) => r.firstMs);
  const total = results.map((r) => r.totalMs);
  return {
    firstP50: percentile(first, 50),
    firstP99: percentile(first, 99),
    totalP50: percentile(total, 50),
    totalP99: percentile(total, 99),
    errors,
  };
}

function rssMegabytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** With BENCH_DATABASE_URL the backend runs on that PostgreSQL, in a schema of its own. */
async function databaseEnv() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return { env: {}, label: 'SQLite', drop: async () => {} };
  const schema = `bench_${Date.now()}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA "${schema}"`);
  return {
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    label: 'PostgreSQL',
    drop: () => admin(`DROP SCHEMA "${schema}" CASCADE`),
  };
}

export async function run() {
  const database = await databaseEnv();
  const fake = await startOpenAiFake(3321, { chunks: CHUNKS, intervalMs: INTERVAL_MS });
  const backend = await startBackend(3322, {
    MODEL_PROVIDER: 'openai-compatible',
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: 'fake',
    ...database.env,
  });
  try {
    const authorization = await signedInUser(backend, `bench-${Date.now()}@example.com`);
    const headers = { authorization, 'content-type': 'application/json' };
    const conversations = [];
    for (let i = 0; i < CONCURRENT_STREAMS; i += 1) {
      const response = await fetch(`${backend.url}/api/conversations`, { method: 'POST', headers, body: '{}' });
      conversations.push((await response.json()).id);
    }

    const direct = (_index) =>
      timeStream(
        `${fake.url}/chat/completions`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"stream":true}' },
        { isFirst: (event) => event.includes('"content"'), isDone: (event) => event.includes('[DONE]') },
      );
    let sent = 0;
    const throughBackend = (index) =>
      timeStream(
        `${backend.url}/api/bedrock/agents/chat`,
        {
          method: 'POST',
          headers: { ...headers, accept: 'text/event-stream' },
          body: JSON.stringify({
            conversationId: conversations[index % conversations.length],
            message: 'Hola, ¿qué puedes hacer?',
            messageId: `bench-${(sent += 1)}`,
          }),
        },
        { isFirst: (event) => event.startsWith('event: delta'), isDone: (event) => event.startsWith('event: done') },
      );

    // Warm-up: JIT, connection pools, prepared statements.
    await measure(20, 10, throughBackend);

    let peakRss = rssMegabytes(backend.pid);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMegabytes(backend.pid))), 25);
    const rows = [];
    for (const [label, count, concurrency] of [
      ['1 stream', SEQUENTIAL_RUNS, 1],
      [`${CONCURRENT_STREAMS} streams`, CONCURRENT_STREAMS * 2, CONCURRENT_STREAMS],
    ]) {
      const baseline = await measure(count, concurrency, direct);
      const observed = await measure(count, concurrency, throughBackend);
      rows.push({
        escenario: label,
        'modelo directo p50 1.er token ms': baseline.firstP50.toFixed(1),
        'backend p50 1.er token ms': observed.firstP50.toFixed(1),
        'añadido p50 1.er token ms': (observed.firstP50 - baseline.firstP50).toFixed(1),
        'añadido p99 1.er token ms': (observed.firstP99 - baseline.firstP99).toFixed(1),
        'añadido p50 respuesta ms': (observed.totalP50 - baseline.totalP50).toFixed(1),
        'añadido p99 respuesta ms': (observed.totalP99 - baseline.totalP99).toFixed(1),
        errores: baseline.errors + observed.errors,
      });
    }
    clearInterval(sampler);
    console.log(
      `\nChat en streaming (${database.label}): ${CHUNKS.length} fragmentos cada ${INTERVAL_MS} ms desde un modelo falso compatible con OpenAI`,
    );
    console.table(rows);
    console.log(`Memoria del backend (RSS máx. durante las pruebas): ${peakRss.toFixed(0)} MB`);
    return rows;
  } finally {
    await backend.stop();
    await fake.close();
    await database.drop();
  }
}
