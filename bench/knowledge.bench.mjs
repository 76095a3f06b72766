// An agent's knowledge (issue 32, "Speed"), on SQLite and, when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, on PostgreSQL too (a schema of its own, dropped afterwards):
//   1. POST /api/agents/{id}/knowledge/search at 10,000 and 100,000 passages in one agent, 500
//      varied questions (no two requests in a row alike), full text alone and hybrid (full text
//      and vectors fused): two backends on one database, one without an embeddings model and one
//      with the OpenAI-compatible fake's /embeddings (EMBEDDINGS_PROVIDER=openai-compatible; each
//      question is embedded by the fake, 256 dimensions). Passages are seeded with bulk SQL into the
//      database as ingestion writes them (the full-text index kept by the migration's triggers, and
//      each passage's vector as the fake makes it, of the hybrid backend's model), Spanish-like text
//      over a Zipf-distributed vocabulary. The hybrid backend's first search reads the agent's
//      vectors into memory: timed on its own. Target: p99 ≤ 50 ms.
//   2. Ingestion of a generated 200-page PDF through the API: pages a second from the upload to
//      `ready`. Target: ≥ 20 (without embeddings); once more with them, for information.
//   3. A chat turn (/api/bedrock/agents/chat, the OpenAI-compatible fake as the model) with an agent
//      before and after it has 10,000 passages, the same varied questions one at a time: time to
//      the first token, p50. Target: at most 30 ms more with documents; on both backends.
// BENCH_KNOWLEDGE_SIZES (e.g. "10000"), BENCH_KNOWLEDGE_DATABASES ("sqlite", "postgres") and
// BENCH_KNOWLEDGE_CONNECTIONS (default 8; searches are also measured one at a time) narrow or
// change the run.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { signedInUser } from './lib/identity.mjs';
import { measurePosts } from './lib/load.mjs';
import { percentile } from './lib/percentile.mjs';
import { startBackend, startOpenAiFakeProcess } from './lib/servers.mjs';
import { benchDatabases, withPostgres } from './lib/postgres.mjs';
import { fakeEmbedding } from '../test/fakes/openai-compatible.mjs';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const { Client } = require('pg');

const CONNECTIONS = Number(process.env.BENCH_KNOWLEDGE_CONNECTIONS ?? 8);
const TARGET_P99_MS = 50;
const TARGET_PAGES_PER_SECOND = 20;
const PDF_PAGES = 200;
const TARGET_ADDED_FIRST_TOKEN_MS = 30;
const CHAT_TURNS = Number(process.env.BENCH_KNOWLEDGE_CHAT_TURNS ?? 40);
const CHAT_PASSAGES = 10_000;
/** The hybrid backend's embeddings model, and the id its vectors are stored with (knowledge/embeddings). */
const EMBEDDINGS_MODEL = 'fake-embed';
const VECTOR_MODEL = `openai-compatible:${EMBEDDINGS_MODEL}`;

/** A passage's vector as the hybrid backend would store it: what it embeds (heading and text), by the fake, as Float32 bytes. */
function passageVector(row) {
  const vector = Float32Array.from(fakeEmbedding(row.heading ? `${row.heading}\n${row.text}` : row.text));
  return Buffer.from(vector.buffer);
}

/** A small seeded generator, so every run measures the same passages and questions. */
function generator(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: (list) => list[Math.floor(next() * list.length)] };
}

// Common Spanish words first (they lead the Zipf ranking), then made-up words from Spanish syllables.
const COMMON = (
  'de la que el en y a los se del las un por con no una su para es al lo como más o pero sus le ha me si sin sobre este ya entre cuando todo esta ser son dos también fue había era muy años hasta desde está mi porque qué sólo han yo hay vez puede todos así nos ni parte tiene él uno donde bien tiempo mismo ese ahora cada e vida otro después te otros aunque esa eso hace otra gobierno tan durante siempre día tanto ella tres sí dijo sido gran país según menos mundo año antes estado contrato arrendador arrendatario fianza renta vivienda plazo prórroga obras inquilino propietario desahucio ley artículo cláusula pago mensualidad recibo garantía aval depósito factura impuesto cuota derecho deber obligación daño reparación conservación suministro comunidad gastos'
).split(' ');
const SYLLABLES = 'ca ma re ti lo sa pe do ra ne mi co ta li ve ga bo ru fe ni so ce che lla ñe gui que tra pro con des in ción mien to dad tes ble dor ri mo na'.split(' ');

function vocabulary(size) {
  const random = generator(32);
  const words = new Set(COMMON);
  while (words.size < size) {
    const syllables = 2 + Math.floor(random.next() * 3);
    words.add(Array.from({ length: syllables }, () => random.pick(SYLLABLES)).join(''));
  }
  return [...words];
}

/** Draws ranks 0..n-1 with probability ∝ 1 / (rank + 1)^s: a few words everywhere, most rare. */
function zipf(n, s, random) {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let rank = 0; rank < n; rank += 1) cumulative[rank] = sum += 1 / Math.pow(rank + 1, s);
  return () => {
    const target = random.next() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

const WORDS = vocabulary(20_000);

function sentences(random, draw, count) {
  const out = [];
  for (let i = 0; i < count; i += 1) {
    const length = 8 + Math.floor(random.next() * 14);
    const words = Array.from({ length }, () => WORDS[draw()]);
    out.push(`${words[0][0].toUpperCase()}${words[0].slice(1)} ${words.slice(1).join(' ')}.`);
  }
  return out.join(' ');
}

/** `count` passages of 60–150 words, 50 to a page, with a heading every 8 passages, from `offset` on. */
function* passageRows(count, offset) {
  const random = generator(20261128 + offset);
  const draw = zipf(WORDS.length, 1.05, random);
  for (let index = offset; index < offset + count; index += 1) {
    yield {
      ordinal: index,
      page: 1 + Math.floor(index / 50),
      heading: index % 8 === 0 ? `Capítulo ${index / 8 + 1}: ${WORDS[draw()]} y ${WORDS[draw()]}` : null,
      text: sentences(random, draw, 5 + Math.floor(random.next() * 6)),
    };
  }
}

/** 500 questions as a builder types them: a few of the vocabulary's words (Zipf too) in a question's frame. */
function questions() {
  const random = generator(7);
  const draw = zipf(WORDS.length, 1.05, random);
  const frames = ['¿Qué dice sobre {}?', '¿Cuál es el plazo de {}?', '{}', '¿Cómo se calcula {}?', '¿Quién paga {}?', 'Explícame {}'];
  return Array.from({ length: 500 }, () => {
    const count = 1 + Math.floor(random.next() * 5);
    const words = Array.from({ length: count }, () => WORDS[draw()]).join(' ');
    return JSON.stringify({ query: random.pick(frames).replace('{}', words), limit: 8 });
  });
}

/** TypeORM's SQLite datetime text. */
const sqliteDate = (date) => date.toISOString().replace('T', ' ').replace('Z', '');

const DOCUMENT_COLUMNS = ['id', 'agent_id', 'name', 'mime_type', 'size', 'status', 'pages', 'pages_done', 'chunks', 'created_at', 'updated_at'];
const PASSAGE_COLUMNS = ['document_id', 'agent_id', 'ordinal', 'page', 'heading', 'text'];
const VECTOR_COLUMNS = ['passage_id', 'agent_id', 'model', 'dimensions', 'embedding'];

function documentValues(agentId, count, date) {
  const pages = Math.ceil(count / 50);
  return [randomUUID(), agentId, `Manual ${count} fragmentos.pdf`, 'application/pdf', count * 700, 'ready', pages, pages, count, date, date];
}

/** A ready document of `count` passages, as ingestion leaves it (the FTS5 table follows through the triggers). */
function seedSqlite(databasePath, agentId, count, offset) {
  const db = new Database(databasePath);
  db.pragma('busy_timeout = 10000');
  const document = documentValues(agentId, count, sqliteDate(new Date()));
  const insertDocument = db.prepare(`INSERT INTO knowledge_documents (${DOCUMENT_COLUMNS.join(', ')}) VALUES (${DOCUMENT_COLUMNS.map(() => '?').join(', ')})`);
  const insertPassage = db.prepare(`INSERT INTO knowledge_passages (${PASSAGE_COLUMNS.join(', ')}) VALUES (?, ?, ?, ?, ?, ?)`);
  const insertVector = db.prepare(`INSERT INTO knowledge_passage_vectors (${VECTOR_COLUMNS.join(', ')}) VALUES (?, ?, ?, ?, ?)`);
  db.transaction(() => {
    insertDocument.run(document);
    for (const row of passageRows(count, offset)) {
      const { lastInsertRowid } = insertPassage.run(document[0], agentId, row.ordinal, row.page, row.heading, row.text);
      const vector = passageVector(row);
      insertVector.run(lastInsertRowid, agentId, VECTOR_MODEL, vector.length / 4, vector);
    }
  })();
  db.close();
}

async function seedPostgres(url, schema, agentId, count, offset) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${schema}", public`);
    const document = documentValues(agentId, count, new Date());
    await client.query(`INSERT INTO knowledge_documents (${DOCUMENT_COLUMNS.join(', ')}) VALUES (${DOCUMENT_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`, document);
    let batch = [];
    let vectors = [];
    const values = (rows, columns) => rows.map((_, row) => `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(', ')})`).join(', ');
    const flush = async () => {
      if (batch.length === 0) return;
      const inserted = await client.query(`INSERT INTO knowledge_passages (${PASSAGE_COLUMNS.join(', ')}) VALUES ${values(batch, PASSAGE_COLUMNS)} RETURNING id, ordinal`, batch.flat());
      const idOf = new Map(inserted.rows.map((row) => [Number(row.ordinal), row.id]));
      const vectorRows = vectors.map(({ ordinal, vector }) => [idOf.get(ordinal), agentId, VECTOR_MODEL, vector.length / 4, vector]);
      await client.query(`INSERT INTO knowledge_passage_vectors (${VECTOR_COLUMNS.join(', ')}) VALUES ${values(vectorRows, VECTOR_COLUMNS)}`, vectorRows.flat());
      batch = [];
      vectors = [];
    };
    for (const row of passageRows(count, offset)) {
      batch.push([document[0], agentId, row.ordinal, row.page, row.heading, row.text]);
      vectors.push({ ordinal: row.ordinal, vector: passageVector(row) });
      if (batch.length === 1000) await flush();
    }
    await flush();
    // As autovacuum would after such a load: the search reads ANALYZE's word statistics.
    await client.query('ANALYZE knowledge_passages');
  } finally {
    await client.end();
  }
}

/** A PDF of `pages` pages of about 45 lines of text each, a heading on every fifth. */
async function makePdf(pages) {
  const random = generator(99);
  const draw = zipf(WORDS.length, 1.05, random);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) {
    const page = doc.addPage([595, 842]);
    let y = 800;
    if (n % 5 === 1) {
      page.drawText(`Capítulo ${Math.ceil(n / 5)}`, { x: 40, y, size: 16, font });
      y -= 22;
    }
    while (y > 60) {
      const line = Array.from({ length: 11 }, () => WORDS[draw()]).join(' ');
      page.drawText(line, { x: 40, y, size: 10, font });
      y -= 14;
    }
  }
  return doc.save();
}

async function createAgent(backend, authorization) {
  const response = await fetch(`${backend.url}/api/agents`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Asesor de banco de pruebas', category: 'legal', description: 'Responde desde sus documentos', isPublic: false }),
  });
  if (response.status !== 201) throw new Error(`POST /api/agents: ${response.status} ${await response.text()}`);
  return (await response.json()).id;
}

/** Uploads the PDF and polls its status every 25 ms: pages a second from the upload to `ready`. */
async function ingest(backend, authorization, agentId, pdf) {
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'manual-200-paginas.pdf');
  const started = performance.now();
  const response = await fetch(`${backend.url}/api/agents/${agentId}/knowledge`, { method: 'POST', headers: { authorization }, body: form });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  const { id } = await response.json();
  for (;;) {
    const document = await (await fetch(`${backend.url}/api/agents/${agentId}/knowledge/${id}`, { headers: { authorization } })).json();
    if (document.status === 'ready') {
      const seconds = (performance.now() - started) / 1000;
      return { seconds, pages: document.pages, chunks: document.chunks };
    }
    if (document.status !== 'processing') throw new Error(`ingestion: ${JSON.stringify(document)}`);
    if (performance.now() - started > 300_000) throw new Error('ingestion: más de 5 minutos');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * fetch, once more when the connection was closed under the request before any answer: a
 * keep-alive connection the server let go while the bench was seeding, not a failure to measure.
 */
async function fetchOnce(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** One chat turn through the backend: milliseconds to its first delta, and whether a sources event came. */
async function chatTurn(backend, authorization, conversationId, message) {
  const started = performance.now();
  const response = await fetchOnce(`${backend.url}/api/bedrock/agents/chat`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ conversationId, message }),
  });
  if (response.status !== 200) throw new Error(`chat: ${response.status} ${await response.text()}`);
  const decoder = new TextDecoder();
  let buffer = '';
  let firstMs;
  let sources = false;
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let boundary;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      if (event.startsWith('event: error')) throw new Error(event);
      if (firstMs === undefined && event.startsWith('event: delta')) firstMs = performance.now() - started;
      if (event.startsWith('event: sources')) sources = true;
    }
  }
  return { firstMs, sources };
}

/** `CHAT_TURNS` turns one at a time over 10 conversations with the agent, the questions varied: first-token p50/p99. */
async function chatTurns(backend, authorization, agentId, bodies) {
  const conversations = [];
  for (let i = 0; i < 10; i += 1) {
    const response = await fetchOnce(`${backend.url}/api/conversations`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { agentId } }),
    });
    conversations.push((await response.json()).id);
  }
  const messages = bodies.map((body) => JSON.parse(body).query);
  // Warm-up: JIT and prepared statements.
  for (let i = 0; i < 5; i += 1) await chatTurn(backend, authorization, conversations[i % 10], messages[i]);
  const results = [];
  for (let i = 0; i < CHAT_TURNS; i += 1) results.push(await chatTurn(backend, authorization, conversations[i % 10], messages[(i * 7) % messages.length]));
  const first = results.map((result) => result.firstMs);
  return { p50: percentile(first, 0.5), p99: percentile(first, 0.99), withSources: results.filter((result) => result.sources).length };
}

async function measureDatabase({ database, sizes, seconds, postgresUrl, bodies, pdf, rows }) {
  const workDir = mkdtempSync(join(tmpdir(), 'nova-bench-knowledge-'));
  const schema = `bench_knowledge_${process.pid}`;
  const env =
    database === 'postgres'
      ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema }
      : { SQLITE_PATH: join(workDir, 'knowledge.sqlite') };
  if (database === 'postgres') await withPostgres(postgresUrl, (client) => client.query(`CREATE SCHEMA "${schema}"`));
  const fake = await startOpenAiFakeProcess(3332, { chunks: ['Según ', 'tus ', 'documentos, ', 'sí.'], intervalMs: 5 });
  const backendEnv = {
    ...env,
    MODEL_PROVIDER: 'openai-compatible',
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: 'fake',
    RATE_LIMIT_CONVERSATIONS_PER_HOUR: '1000000',
    RATE_LIMIT_MESSAGES_PER_MINUTE: '1000000',
    RATE_LIMIT_MODEL_CALLS_PER_MINUTE: '1000000',
    RATE_LIMIT_UPLOADS_PER_HOUR: '1000000',
    // One issuer for both backends below: the first's tokens are valid in the second.
    PUBLIC_URL: 'http://localhost:3331',
  };
  const backend = await startBackend(3331, backendEnv);
  // The same database and issuer (PUBLIC_URL: its tokens are valid there) with an embeddings model:
  // the same users, agents and passages, searched hybrid.
  const hybrid = await startBackend(3333, { ...backendEnv, EMBEDDINGS_PROVIDER: 'openai-compatible', EMBEDDINGS_MODEL });
  try {
    const authorization = await signedInUser(backend, `bench-knowledge-${Date.now()}@example.com`);
    const agentId = await createAgent(backend, authorization);
    let seeded = 0;
    for (const size of [...sizes].sort((a, b) => a - b)) {
      const seeding = Date.now();
      // One more document up to `size` passages in the agent (10,000, then 90,000 more for 100,000).
      if (database === 'postgres') await seedPostgres(postgresUrl, schema, agentId, size - seeded, seeded);
      else seedSqlite(env.SQLITE_PATH, agentId, size - seeded, seeded);
      console.log(`\nConocimiento (${database}): ${size} fragmentos en un agente, sembrados en ${Date.now() - seeding} ms`);
      seeded = size;
      for (const connections of [1, CONNECTIONS]) {
        const result = await measurePosts(`${backend.url}/api/agents/${agentId}/knowledge/search`, {
          bodies,
          headers: { authorization },
          connections,
          seconds,
          title: `búsqueda, ${size} fragmentos`,
        });
        rows.push({
          base: database,
          escenario: `POST …/knowledge/search, ${size.toLocaleString('es-ES')} fragmentos, 500 preguntas variadas, ${connections} ${connections === 1 ? 'conexión' : 'conexiones'}`,
          modo: 'solo texto completo',
          'req/s': result.requestsPerSecond,
          'p50 ms': result.p50Ms,
          'p99 ms': result.p99Ms,
          errores: result.errors,
          objetivo: result.p99Ms <= TARGET_P99_MS && result.errors === 0 ? `cumplido (p99 ≤ ${TARGET_P99_MS} ms)` : `NO cumplido (p99 ≤ ${TARGET_P99_MS} ms)`,
        });
      }
      // Each question once, one at a time: the slowest say what makes the tail.
      const timed = [];
      for (const body of bodies) {
        const started = performance.now();
        const response = await fetch(`${backend.url}/api/agents/${agentId}/knowledge/search`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body });
        const { items } = await response.json();
        timed.push({ ms: performance.now() - started, query: JSON.parse(body).query, resultados: items.length });
      }
      timed.sort((a, b) => b.ms - a.ms);
      console.log(`Las 5 preguntas más lentas (${database}, ${size} fragmentos, de una en una):`);
      console.table(timed.slice(0, 5).map(({ ms, query, resultados }) => ({ ms: Math.round(ms * 10) / 10, pregunta: query, resultados })));

      // Hybrid: the first search reads the agent's vectors into the process (timed alone), then the same load.
      const cold = performance.now();
      const first = await fetch(`${hybrid.url}/api/agents/${agentId}/knowledge/search`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: bodies[0] });
      if (first.status !== 200) throw new Error(`hybrid search: ${first.status} ${await first.text()}`);
      await first.json();
      const coldMs = performance.now() - cold;
      for (const connections of [1, CONNECTIONS]) {
        const result = await measurePosts(`${hybrid.url}/api/agents/${agentId}/knowledge/search`, {
          bodies,
          headers: { authorization },
          connections,
          seconds,
          title: `búsqueda híbrida, ${size} fragmentos`,
        });
        rows.push({
          base: database,
          escenario: `POST …/knowledge/search, ${size.toLocaleString('es-ES')} fragmentos, 500 preguntas variadas, ${connections} ${connections === 1 ? 'conexión' : 'conexiones'}`,
          modo: `híbrida (texto completo + vectores de 256 dim.; 1.ª búsqueda, que lee los vectores: ${Math.round(coldMs)} ms)`,
          'req/s': result.requestsPerSecond,
          'p50 ms': result.p50Ms,
          'p99 ms': result.p99Ms,
          errores: result.errors,
          objetivo: result.p99Ms <= TARGET_P99_MS && result.errors === 0 ? `cumplido (p99 ≤ ${TARGET_P99_MS} ms)` : `NO cumplido (p99 ≤ ${TARGET_P99_MS} ms)`,
        });
      }
    }

    // Ingestion in an agent of its own, so the seeded passages do not weigh on it.
    const ingestAgent = await createAgent(backend, authorization);
    const runs = [];
    for (let run = 0; run < 2; run += 1) runs.push(await ingest(backend, authorization, ingestAgent, pdf));
    // Once more with embeddings (every passage embedded by the fake in batches of 64 before 'ready').
    runs.push({ ...(await ingest(hybrid, authorization, ingestAgent, pdf)), embedded: true });
    for (const [index, run] of runs.entries()) {
      const pagesPerSecond = run.pages / run.seconds;
      rows.push({
        base: database,
        escenario: `ingesta de un PDF de ${PDF_PAGES} páginas por la API (${index + 1}.ª vez), hasta 'ready'`,
        modo: `${run.embedded ? 'con embeddings' : 'sin embeddings'}: ${run.pages} páginas, ${run.chunks} fragmentos, ${run.seconds.toFixed(2)} s`,
        'req/s': '—',
        'p50 ms': '—',
        'p99 ms': '—',
        errores: 0,
        objetivo: run.embedded
          ? `${pagesPerSecond.toFixed(1)} páginas/s (informativo)`
          : `${pagesPerSecond.toFixed(1)} páginas/s: ${pagesPerSecond >= TARGET_PAGES_PER_SECOND ? 'cumplido' : 'NO cumplido'} (≥ ${TARGET_PAGES_PER_SECOND})`,
      });
    }

    // A chat turn with the agent before and after it has documents (10,000 passages), the same questions.
    // On both backends: full-text answers, and hybrid ones (the question embedded once per turn).
    const chatAgent = await createAgent(backend, authorization);
    const without = await chatTurns(backend, authorization, chatAgent, bodies);
    const withoutHybrid = await chatTurns(hybrid, authorization, chatAgent, bodies);
    if (database === 'postgres') await seedPostgres(postgresUrl, schema, chatAgent, CHAT_PASSAGES, 0);
    else seedSqlite(env.SQLITE_PATH, chatAgent, CHAT_PASSAGES, 0);
    const withKnowledge = await chatTurns(backend, authorization, chatAgent, bodies);
    const withKnowledgeHybrid = await chatTurns(hybrid, authorization, chatAgent, bodies);
    const chats = [
      ['solo texto completo', 'sin documentos', without, without],
      ['solo texto completo', `con documentos (${CHAT_PASSAGES.toLocaleString('es-ES')} fragmentos)`, withKnowledge, without],
      ['híbrida', 'sin documentos', withoutHybrid, withoutHybrid],
      ['híbrida', `con documentos (${CHAT_PASSAGES.toLocaleString('es-ES')} fragmentos)`, withKnowledgeHybrid, withoutHybrid],
    ];
    for (const [mode, label, result, reference] of chats) {
      const added = result.p50 - reference.p50;
      rows.push({
        base: database,
        escenario: `turno de chat (${mode}), mismo agente ${label}, ${CHAT_TURNS} turnos de uno en uno`,
        modo: `1.er token p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms; con fuentes: ${result.withSources}/${CHAT_TURNS}`,
        'req/s': '—',
        'p50 ms': Math.round(result.p50 * 10) / 10,
        'p99 ms': Math.round(result.p99 * 10) / 10,
        errores: 0,
        objetivo: result === reference ? 'referencia' : `+${added.toFixed(1)} ms en p50: ${added <= TARGET_ADDED_FIRST_TOKEN_MS ? 'cumplido' : 'NO cumplido'} (≤ +${TARGET_ADDED_FIRST_TOKEN_MS})`,
      });
    }
    return rows;
  } finally {
    await hybrid.stop();
    await backend.stop();
    await fake.stop();
    rmSync(workDir, { recursive: true, force: true });
    if (database === 'postgres') await withPostgres(postgresUrl, (client) => client.query(`DROP SCHEMA "${schema}" CASCADE`));
  }
}

export async function run({ seconds }) {
  const sizes = (process.env.BENCH_KNOWLEDGE_SIZES ?? '10000,100000').split(',').map(Number);
  const { databases, postgresUrl } = benchDatabases(process.env.BENCH_KNOWLEDGE_DATABASES);
  const bodies = questions();
  const pdf = await makePdf(PDF_PAGES);
  // Filled as each measurement ends: a failure later still prints what was measured.
  const rows = [];
  try {
    for (const database of databases) await measureDatabase({ database, sizes, seconds, postgresUrl, bodies, pdf, rows });
  } finally {
    console.log(`\nConocimiento de un agente: ${seconds} s por búsqueda (1 y ${CONNECTIONS} conexiones); PDF de ${PDF_PAGES} páginas (${Math.round(pdf.length / 1024)} KB)`);
    console.table(rows);
  }
  return rows;
}
