// Streaming chat: what the backend adds to the first token and to the whole reply, against a fake
// model (its own process, as a provider is another machine) that streams a fixed reply at a
// model's pace: 120 chunks 50 ms apart, a six-second answer (BENCH_CHAT_CHUNKS,
// BENCH_CHAT_INTERVAL_MS and BENCH_CHAT_RUNS change the defaults; BENCH_CHAT_SCENARIOS, a list of
// single, steady and burst, runs only those).
//   · 1 stream: one chat at a time.
//   · 200 concurrent streams: 200 chats in flight at every moment, each user starting a new one
//     when the last ends (their starts spread over one reply, as users' are), measured for a
//     window once that load is steady. The backend's memory is sampled during it.
//   · 200 starting at once: a burst, for capacity planning (every set-up queues on the one event
//     loop).
// Each scenario runs against the fake directly and through the backend; the difference is what
// the backend adds. Target (issue 5): under 5 ms added at p50 at 1 and at 200 concurrent
// streams, no errors.
import { request as httpRequest, Agent } from 'node:http';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { signedInUser } from './lib/identity.mjs';
import { percentile } from './lib/percentile.mjs';
import { startBackend, startOpenAiFakeProcess } from './lib/servers.mjs';

const CHUNK_COUNT = Number(process.env.BENCH_CHAT_CHUNKS ?? 120);
const INTERVAL_MS = Number(process.env.BENCH_CHAT_INTERVAL_MS ?? 50);
const SEQUENTIAL_RUNS = Number(process.env.BENCH_CHAT_RUNS ?? 20);
const CONCURRENT_STREAMS = 200;
const STEADY_WARM_UP_MS = 4_000;
const STEADY_WINDOW_MS = 10_000;
const TARGET_ADDED_P50_MS = 5;
const SCENARIOS = (process.env.BENCH_CHAT_SCENARIOS ?? 'single,steady,burst').split(',').map((name) => name.trim());

// node:http rather than fetch, so that the load generator leaves the machine's cores to the backend.
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/** Posts `body` and reads the server-sent events, timing the first and the last that matter. */
function timeStream(url, headers, body, { isFirst, isDone }) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`HTTP ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      let firstMs;
      let finished = false;
      res.on('data', (chunk) => {
        buffer += chunk;
        let boundary;
        while (!finished && (boundary = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          if (event.startsWith('event: error')) {
            finished = true;
            reject(new Error(event));
          } else {
            if (firstMs === undefined && isFirst(event)) firstMs = performance.now() - started;
            if (isDone(event)) {
              finished = true;
              resolve({ firstMs, totalMs: performance.now() - started });
            }
          }
        }
      });
      res.on('end', () => finished || reject(new Error('stream ended early')));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function summary(results, errors) {
  const first = results.map((r) => r.firstMs);
  const total = results.map((r) => r.totalMs);
  return {
    count: results.length,
    firstP50: percentile(first, 0.5),
    firstP99: percentile(first, 0.99),
    totalP50: percentile(total, 0.5),
    totalP99: percentile(total, 0.99),
    errors,
  };
}

async function oneAtATime(runs, stream) {
  const results = [];
  let errors = 0;
  for (let i = 0; i < runs; i += 1) {
    try {
      results.push(await stream());
    } catch {
      errors += 1;
    }
  }
  return summary(results, errors);
}

/** `users` chats always in flight; streams started inside the window after the warm-up count. */
async function steady(users, stream, replyMs) {
  const startedAt = performance.now();
  const windowStart = startedAt + STEADY_WARM_UP_MS;
  const windowEnd = windowStart + STEADY_WINDOW_MS;
  const results = [];
  let errors = 0;
  const user = async (index) => {
    await new Promise((resolve) => setTimeout(resolve, (replyMs * index) / users));
    while (performance.now() < windowEnd) {
      const begun = performance.now();
      try {
        const result = await stream();
        if (begun >= windowStart) results.push(result);
      } catch {
        if (begun >= windowStart) errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: users }, (_, index) => user(index)));
  return summary(results, errors);
}

async function burst(count, stream) {
  const outcomes = await Promise.allSettled(Array.from({ length: count }, () => stream()));
  return summary(
    outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value),
    outcomes.filter((o) => o.status === 'rejected').length,
  );
}

/** The backend's process and, with WEB_CONCURRENCY above one, its cluster's workers. */
function backendProcesses(pid) {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return [pid, ...children.map(Number)];
}

/** User and system CPU time of the backend's processes so far (clock ticks of 10 ms). */
function cpuMilliseconds(pid) {
  return backendProcesses(pid).reduce((sum, each) => {
    const fields = readFileSync(`/proc/${each}/stat`, 'utf8').split(') ')[1].split(' ');
    return sum + (Number(fields[11]) + Number(fields[12])) * 10;
  }, 0);
}

function rssMegabytes(pid) {
  return backendProcesses(pid).reduce((sum, each) => sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${each}/status`, 'utf8'))[1]) / 1024, 0);
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
  const chunks = Array.from({ length: CHUNK_COUNT }, (_, index) => `fragmento${index} `);
  const replyMs = CHUNK_COUNT * INTERVAL_MS;
  const fake = await startOpenAiFakeProcess(3321, { chunks, intervalMs: INTERVAL_MS });
  const backend = await startBackend(3322, {
    MODEL_PROVIDER: 'openai-compatible',
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: 'fake',
    // One user stands in for many here: 200 conversations and thousands of turns, far over a person's limits.
    RATE_LIMIT_CONVERSATIONS_PER_HOUR: '1000000',
    RATE_LIMIT_MESSAGES_PER_MINUTE: '1000000',
    RATE_LIMIT_MODEL_CALLS_PER_MINUTE: '1000000',
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

    const direct = () =>
      timeStream(`${fake.url}/chat/completions`, { 'content-type': 'application/json' }, '{"stream":true}', {
        isFirst: (event) => event.includes('"content"'),
        isDone: (event) => event.includes('[DONE]'),
      });
    let sent = 0;
    const throughBackend = () => {
      sent += 1;
      return timeStream(
        `${backend.url}/api/bedrock/agents/chat`,
        { ...headers, accept: 'text/event-stream' },
        JSON.stringify({
          conversationId: conversations[sent % conversations.length],
          message: 'Hola, ¿qué puedes hacer?',
          messageId: `bench-${sent}`,
        }),
        { isFirst: (event) => event.startsWith('event: delta'), isDone: (event) => event.startsWith('event: done') },
      );
    };

    // Warm-up: JIT, connection pools, prepared statements.
    await burst(20, throughBackend);
    await oneAtATime(5, throughBackend);

    const scenarios = [
      ['single', '1 stream', (stream) => oneAtATime(SEQUENTIAL_RUNS, stream)],
      ['steady', `${CONCURRENT_STREAMS} streams concurrentes`, (stream) => steady(CONCURRENT_STREAMS, stream, replyMs)],
      ['burst', `${CONCURRENT_STREAMS} que empiezan a la vez (ráfaga)`, (stream) => burst(CONCURRENT_STREAMS, stream)],
    ].filter(([name]) => SCENARIOS.includes(name));
    const rows = [];
    let peakRss = 0;
    const targetRows = [];
    for (const [name, label, scenario] of scenarios) {
      const baseline = await scenario(direct);
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMegabytes(backend.pid))), 50);
      const cpuBefore = cpuMilliseconds(backend.pid);
      const startedAt = performance.now();
      const observed = await scenario(throughBackend);
      const backendCpu = (cpuMilliseconds(backend.pid) - cpuBefore) / (performance.now() - startedAt);
      clearInterval(sampler);
      const added = (key) => observed[key] - baseline[key];
      if (name !== 'burst') targetRows.push({ added: added('firstP50'), errors: baseline.errors + observed.errors });
      rows.push({
        escenario: label,
        streams: observed.count,
        'modelo directo p50 1.er token ms': baseline.firstP50.toFixed(1),
        'añadido p50 1.er token ms': added('firstP50').toFixed(1),
        'añadido p99 1.er token ms': added('firstP99').toFixed(1),
        'añadido p50 respuesta ms': added('totalP50').toFixed(1),
        'añadido p99 respuesta ms': added('totalP99').toFixed(1),
        'CPU del backend': `${Math.round(backendCpu * 100)}%`,
        errores: baseline.errors + observed.errors,
      });
    }
    console.log(
      `\nChat en streaming (${database.label}): ${CHUNK_COUNT} fragmentos cada ${INTERVAL_MS} ms desde un modelo falso compatible con OpenAI`,
    );
    console.table(rows);
    if (SCENARIOS.includes('steady') || SCENARIOS.includes('burst')) {
      console.log(`Memoria del backend (RSS máx. con ${CONCURRENT_STREAMS} streams): ${peakRss.toFixed(0)} MB`);
    }
    const met = targetRows.every((row) => row.added < TARGET_ADDED_P50_MS && row.errors === 0);
    const measured = SCENARIOS.includes('single') && SCENARIOS.includes('steady') ? '' : ' (solo en los escenarios medidos)';
    console.log(
      `Objetivo (< ${TARGET_ADDED_P50_MS} ms añadidos en p50 con 1 y ${CONCURRENT_STREAMS} streams concurrentes, sin errores)${measured}: ${met ? 'cumplido' : 'NO cumplido'}`,
    );
    return rows;
  } finally {
    agent.destroy();
    await backend.stop();
    await fake.stop();
    await database.drop();
  }
}
