// The marketplace at scale (issue 18): 10,000 and 100,000 agents, seeded with bulk SQL equal to
// what POST /api/agents stores (the full-text index is kept by the migration's triggers, as for the
// service's writes), measured in one run against the backend's floor, GET /api/config (no
// database): the first page, searches that vary from request to request (40 Spanish words, pages
// 1–3) and filters that vary (category, price range, sort, page), all through GET /api/agents,
// which keeps no pages: every request runs its query (only each agent's JSON is reused, see
// MarketplaceCache.agentsJson). On SQLite, and on PostgreSQL too when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set (a schema of its own, dropped afterwards). BENCH_MARKETPLACE_SIZES
// (e.g. "10000") and BENCH_MARKETPLACE_DATABASES ("sqlite", "postgres") narrow the run.
// Targets: at 10,000 agents every scenario ≥ 70% of the floor with p99 < 50 ms at 64 connections;
// at 100,000 ≥ 50% with p99 < 100 ms, checked on the p99 of every request. The table also shows
// the two parts of that tail apart (see measure): connection start-up, and connections in use.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { measure } from './lib/load.mjs';
import { startBackend } from './lib/servers.mjs';
import { benchDatabases, withPostgres } from './lib/postgres.mjs';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const { Client } = require('pg');

const CONNECTIONS = 64;
const TARGETS = { 10_000: { share: 0.7, p99Ms: 50 }, 100_000: { share: 0.5, p99Ms: 100 } };

const CATEGORIES = ['legal', 'finance', 'marketing', 'tech', 'hr', 'operations', 'general', 'ventas', 'salud', 'educación'];
const ROLES = ['Asesor', 'Analista', 'Estratega', 'Asistente', 'Consultor', 'Redactor', 'Gestor', 'Experto', 'Tutor', 'Revisor'];
const TOPICS = {
  legal: ['Contratos', 'Protección de Datos', 'Derecho Laboral', 'Propiedad Intelectual', 'Compliance'],
  finance: ['Inversiones', 'Presupuestos', 'Impuestos', 'Contabilidad', 'Tesorería'],
  marketing: ['SEO', 'Redes Sociales', 'Contenidos', 'Campañas', 'Marca'],
  tech: ['Python', 'DevOps', 'Ciberseguridad', 'Bases de Datos', 'APIs'],
  hr: ['Selección', 'Nóminas', 'Formación', 'Clima Laboral', 'Onboarding'],
  operations: ['Logística', 'Compras', 'Inventario', 'Calidad', 'Procesos'],
  general: ['Productividad', 'Correo', 'Agenda', 'Resúmenes', 'Traducción'],
  ventas: ['Prospección', 'CRM', 'Negociación', 'Propuestas', 'Postventa'],
  salud: ['Nutrición', 'Bienestar', 'Citas', 'Ejercicio', 'Sueño'],
  educación: ['Matemáticas', 'Idiomas', 'Historia', 'Oposiciones', 'Ciencias'],
};
const SKILLS = ['Análisis', 'Redacción', 'Investigación', 'Planificación', 'Síntesis', 'Revisión', 'Cálculo', 'Traducción', 'Atención al cliente', 'Automatización'];
const TAGS = ['pyme', 'startup', 'autónomos', 'empresa', 'equipo', 'remoto', 'premium', 'básico', 'nuevo', 'popular'];

/** A small seeded generator, so every run measures the same catalogue. */
function generator(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(next() * list.length)];
  const some = (list, min, max) => {
    const count = min + Math.floor(next() * (max - min + 1));
    return [...new Set(Array.from({ length: count }, () => pick(list)))];
  };
  return { next, pick, some };
}


/** TypeORM's SQLite datetime text. */
const sqliteDate = (date) => date.toISOString().replace('T', ' ').replace('Z', '');

/** The agents' rows, as POST /api/agents would store them (approved, a model, an owner). */
function* agentRows(count) {
  const random = generator(20261122);
  const start = Date.parse('2025-01-01T00:00:00Z');
  for (let index = 0; index < count; index += 1) {
    const category = random.pick(CATEGORIES);
    const topic = random.pick(TOPICS[category]);
    const role = random.pick(ROLES);
    const createdAt = new Date(start + Math.floor(random.next() * 300 * 86_400_000));
    // Prices cluster low with a long tail, as in a real catalogue; a few exceed the default 1000.
    const price = random.next() < 0.15 ? 0 : Math.round(Math.min(1500, Math.exp(random.next() * 7.3)) * 100) / 100;
    const user = `usuario${Math.floor(random.next() * 500)}`;
    yield {
      id: `bench-agent-${String(index).padStart(6, '0')}`,
      name: `${role} de ${topic} ${index}`,
      category,
      description: `${role} especializado en ${topic.toLowerCase()} para ${random.pick(TAGS)}: ayuda con ${random
        .some(SKILLS, 2, 4)
        .map((skill) => skill.toLowerCase())
        .join(', ')} y responde en español con ejemplos concretos.`,
      avatar: random.next() < 0.3 ? null : `https://cdn.example.com/avatars/${index % 97}.png`,
      skills: JSON.stringify(random.some(SKILLS, 2, 5)),
      capabilities: JSON.stringify([`Resolver dudas de ${topic.toLowerCase()}`, `Preparar informes de ${topic.toLowerCase()}`]),
      useCases: JSON.stringify([`Un caso típico de ${topic.toLowerCase()}`, `Revisión semanal de ${topic.toLowerCase()}`]),
      price,
      // Priced as the payment gateway prices a paid agent when it is created: nothing left for the
      // start-up's background pricing to do while the benchmark measures.
      productId: price > 0 ? `prod_bench_${index}` : null,
      priceId: price > 0 ? `price_bench_${index}` : null,
      rating: Math.round((1 + random.next() * 4) * 100) / 100,
      // Reviews behind the rating (issue 34), without drawing from the generator (the rest of each
      // row stays as before): the rating sort reads the Bayesian score these make (see the README).
      ratingCount: (index * 7919) % 300,
      popularity: Math.floor(Math.pow(random.next(), 3) * 10_000),
      modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0',
      createdBy: user,
      ownerSub: `sub-${user}`,
      isPublic: random.next() < 0.9,
      createdAt,
    };
  }
}

const COLUMNS = ['id', 'name', 'category', 'description', 'avatar', 'skills', 'capabilities', 'use_cases', 'price', 'rating', 'rating_count', 'rating_score', 'popularity', 'model_id', 'created_by', 'owner_sub', 'is_public', 'product_id', 'price_id', 'created_at', 'updated_at'];
/** The rating sort's score: (10 × 3 + sum of stars) / (10 + reviews), as the reviews module stores it. */
const ratingScore = (row) => Math.round(((30 + row.rating * row.ratingCount) / (10 + row.ratingCount)) * 10_000) / 10_000;
const values = (row, date) => [row.id, row.name, row.category, row.description, row.avatar, row.skills, row.capabilities, row.useCases, row.price, row.rating, row.ratingCount, ratingScore(row), row.popularity, row.modelId, row.createdBy, row.ownerSub, row.isPublic, row.productId, row.priceId, date, date];

export function seedSqlite(databasePath, count) {
  const db = new Database(databasePath);
  db.pragma('busy_timeout = 10000');
  const insert = db.prepare(`INSERT INTO agents (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
  db.transaction(() => {
    for (const row of agentRows(count)) insert.run(values({ ...row, isPublic: row.isPublic ? 1 : 0 }, sqliteDate(row.createdAt)));
  })();
  db.close();
}

export async function seedPostgres(url, schema, count) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${schema}", public`);
    let batch = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const placeholders = batch.map((_, row) => `(${COLUMNS.map((_, column) => `$${row * COLUMNS.length + column + 1}`).join(', ')})`);
      await client.query(`INSERT INTO agents (${COLUMNS.join(', ')}) VALUES ${placeholders.join(', ')}`, batch.flat());
      batch = [];
    };
    for (const row of agentRows(count)) {
      batch.push(values(row, row.createdAt));
      if (batch.length === 1000) await flush();
    }
    await flush();
    await client.query('ANALYZE agents');
  } finally {
    await client.end();
  }
}

/** Words visitors search for: topics, roles and skills of the catalogue, prefixes, and a few it lacks. */
const SEARCHES = [
  'contratos', 'impuestos', 'seo', 'python', 'nominas', 'logística', 'asesor', 'analista', 'estratega', 'tutor',
  'ciberseguridad', 'devops', 'presupuestos', 'marca', 'campañas', 'inventario', 'calidad', 'idiomas', 'historia', 'nutrición',
  'traducción', 'análisis', 'redacción', 'planificación', 'crm', 'negociación', 'bienestar', 'oposiciones', 'formación', 'compras',
  'conta', 'ciber', 'proteccion datos', 'derecho laboral', 'redes sociales', 'asesor fiscal', 'pyme', 'autonomos', 'blockchain', 'veterinario',
];
const SORTS = ['popularity', 'rating', 'price-low', 'price-high'];
const FILTER_CATEGORIES = [undefined, 'legal', 'finance', 'marketing', 'tech', 'hr', 'operations', 'general'];
const PRICE_RANGES = [[0, 1000], [0, 50], [10, 200], [100, 1000], [0, 20]];

function variedSearches() {
  const random = generator(7);
  return Array.from({ length: 400 }, () => `/api/agents?public=true&search=${encodeURIComponent(random.pick(SEARCHES))}&page=${1 + Math.floor(random.next() * 3)}&limit=24`);
}

function variedFilters() {
  const random = generator(11);
  return Array.from({ length: 400 }, () => {
    const category = random.pick(FILTER_CATEGORIES);
    const [minPrice, maxPrice] = random.pick(PRICE_RANGES);
    const query = new URLSearchParams({ public: 'true', minPrice: String(minPrice), maxPrice: String(maxPrice), sortBy: random.pick(SORTS), page: String(1 + Math.floor(random.next() * 3)), limit: '24' });
    if (category) query.set('category', category);
    return `/api/agents?${query}`;
  });
}

const percent = (value, reference) => `${Math.round((value / reference) * 100)}%`;

async function measureOne({ database, count, seconds, postgresUrl }) {
  const workDir = mkdtempSync(join(tmpdir(), 'nova-bench-marketplace-'));
  const schema = `bench_marketplace_${process.pid}_${count}`;
  const env =
    database === 'postgres'
      ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema }
      : { SQLITE_PATH: join(workDir, 'marketplace.sqlite') };
  if (database === 'postgres') await withPostgres(postgresUrl, (client) => client.query(`CREATE SCHEMA "${schema}"`));
  const backend = await startBackend(3311, env);
  try {
    const seeding = Date.now();
    if (database === 'postgres') await seedPostgres(postgresUrl, schema, count);
    else seedSqlite(env.SQLITE_PATH, count);
    console.log(`\nMarketplace (${database}): ${count} agentes sembrados en ${Date.now() - seeding} ms`);

    const options = { seconds, connections: CONNECTIONS };
    const floor = await measure(`${backend.url}/api/config`, { ...options, title: 'GET /api/config (suelo, sin base de datos)' });
    const rows = [
      floor,
      await measure(`${backend.url}/api/agents?public=true&page=1&limit=24`, { ...options, title: 'GET /api/agents?public=true&page=1&limit=24' }),
      await measure(backend.url, { ...options, paths: variedSearches(), title: 'búsquedas variadas (40 palabras, páginas 1–3)' }),
      await measure(backend.url, { ...options, paths: variedFilters(), title: 'filtros variados (categoría, precio, orden, página)' }),
      await measure(`${backend.url}/api/marketplace/agents`, { ...options, title: 'GET /api/marketplace/agents (caché de 2 s)' }),
    ];
    const target = TARGETS[count];
    console.log(`\nMarketplace, ${database}, ${count} agentes: ${CONNECTIONS} conexiones, ${seconds} s por escenario`);
    console.table(
      rows.map((row) => ({
        escenario: row.title,
        'req/s': row.requestsPerSecond,
        'p50 ms': row.p50Ms,
        'p99 ms': row.p99Ms,
        '1.ª petición de cada conexión, máx. ms': row.firstOnConnectionMaxMs,
        'p99 ms en conexiones ya abiertas': row.p99OnOpenConnectionMs,
        errores: row.errors,
        'vs suelo': percent(row.requestsPerSecond, floor.requestsPerSecond),
      })),
    );
    if (target) {
      const scenarios = rows.slice(1, 4);
      const met = scenarios.every((row) => row.requestsPerSecond / floor.requestsPerSecond >= target.share && row.p99Ms < target.p99Ms && row.errors === 0);
      console.log(`Objetivo (cada escenario ≥ ${target.share * 100}% del suelo y p99 < ${target.p99Ms} ms): ${met ? 'CUMPLIDO' : 'NO CUMPLIDO'}`);
    }
    return rows.map((row) => ({ database, count, ...row }));
  } finally {
    await backend.stop();
    rmSync(workDir, { recursive: true, force: true });
    if (database === 'postgres') await withPostgres(postgresUrl, (client) => client.query(`DROP SCHEMA "${schema}" CASCADE`));
  }
}

export async function run({ seconds }) {
  const sizes = (process.env.BENCH_MARKETPLACE_SIZES ?? '10000,100000').split(',').map(Number);
  const { databases, postgresUrl } = benchDatabases(process.env.BENCH_MARKETPLACE_DATABASES);
  const results = [];
  for (const database of databases) {
    for (const count of sizes) results.push(...(await measureOne({ database, count, seconds, postgresUrl })));
  }
  return results;
}
