// The marketplace listing on a realistic catalogue (10,000 agents, 1,000 ecosystems) against two
// floors measured in the same run: a bare node:http server sending the same bytes as the first
// page, and the same backend sending a constant JSON body of that size from a route that touches
// no database (BENCH_ROUTES=1). Target: the listing reaches at least 70% of the framework floor's
// throughput, with p99 under 50 ms, at 64 connections.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { measure } from './lib/load.mjs';
import { startBackend, startBareServer } from './lib/servers.mjs';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');

const AGENTS = 10_000;
const ECOSYSTEMS = 1_000;
const CONNECTIONS = 64;
const TARGET_SHARE_OF_FLOOR = 0.7;
const TARGET_P99_MS = 50;

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

export function seed(databasePath) {
  const random = generator(20261122);
  const db = new Database(databasePath);
  db.pragma('busy_timeout = 10000');
  const insertAgent = db.prepare(`INSERT INTO agents
    (id, name, category, description, avatar, skills, capabilities, use_cases, price, rating, popularity, model_id,
     created_by, owner_sub, is_public, created_at, updated_at)
    VALUES (@id, @name, @category, @description, @avatar, @skills, @capabilities, @useCases, @price, @rating,
     @popularity, @modelId, @createdBy, @ownerSub, @isPublic, @createdAt, @updatedAt)`);
  const insertEcosystem = db.prepare(`INSERT INTO ecosystems
    (id, name, description, category, agent_ids, avatar, price, discount, created_by, owner_sub, is_public, tags,
     featured, popularity, created_at, updated_at)
    VALUES (@id, @name, @description, @category, @agentIds, @avatar, @price, @discount, @createdBy, @ownerSub,
     @isPublic, @tags, @featured, @popularity, @createdAt, @updatedAt)`);
  const start = Date.parse('2025-01-01T00:00:00Z');
  const publicAgentIds = [];

  db.transaction(() => {
    for (let index = 0; index < AGENTS; index += 1) {
      const category = random.pick(CATEGORIES);
      const topic = random.pick(TOPICS[category]);
      const role = random.pick(ROLES);
      const id = `bench-agent-${String(index).padStart(5, '0')}`;
      const isPublic = random.next() < 0.9;
      if (isPublic) publicAgentIds.push(id);
      const createdAt = new Date(start + Math.floor(random.next() * 300 * 86_400_000));
      // Prices cluster low with a long tail, as in a real catalogue; a few exceed the default 1000.
      const price = random.next() < 0.15 ? 0 : Math.round(Math.min(1500, Math.exp(random.next() * 7.3)) * 100) / 100;
      const user = `usuario${Math.floor(random.next() * 500)}`;
      insertAgent.run({
        id,
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
        rating: Math.round((1 + random.next() * 4) * 100) / 100,
        popularity: Math.floor(Math.pow(random.next(), 3) * 10_000),
        modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0',
        createdBy: user,
        ownerSub: `sub-${user}`,
        isPublic: isPublic ? 1 : 0,
        createdAt: sqliteDate(createdAt),
        updatedAt: sqliteDate(createdAt),
      });
    }
    for (let index = 0; index < ECOSYSTEMS; index += 1) {
      const category = random.pick(CATEGORIES);
      const createdAt = new Date(start + Math.floor(random.next() * 300 * 86_400_000));
      insertEcosystem.run({
        id: `bench-ecosystem-${String(index).padStart(4, '0')}`,
        name: `Equipo de ${random.pick(TOPICS[category])} ${index}`,
        description: `Ecosistema de agentes de ${category} que trabajan juntos para ${random.pick(TAGS)}.`,
        category,
        agentIds: JSON.stringify(Array.from({ length: 3 + Math.floor(random.next() * 6) }, () => random.pick(publicAgentIds))),
        avatar: random.next() < 0.5 ? null : `https://cdn.example.com/ecosystems/${index % 31}.png`,
        price: Math.round(Math.exp(random.next() * 7) * 100) / 100,
        discount: random.pick([0, 0, 0, 5, 10, 15, 20, 25]),
        createdBy: 'admin',
        ownerSub: null,
        isPublic: random.next() < 0.9 ? 1 : 0,
        tags: JSON.stringify(random.some(TAGS, 1, 4)),
        featured: random.next() < 0.05 ? 1 : 0,
        popularity: Math.floor(Math.pow(random.next(), 3) * 10_000),
        createdAt: sqliteDate(createdAt),
        updatedAt: sqliteDate(createdAt),
      });
    }
  })();
  db.close();
}

const percent = (value, reference) => `${Math.round((value / reference) * 100)}%`;

export async function run({ seconds }) {
  const workDir = mkdtempSync(join(tmpdir(), 'nova-bench-marketplace-'));
  const databasePath = join(workDir, 'marketplace.sqlite');
  const backend = await startBackend(3311, { SQLITE_PATH: databasePath, BENCH_ROUTES: '1' });
  let bare;
  try {
    const seeding = Date.now();
    seed(databasePath);
    console.log(`\nMarketplace: ${AGENTS} agentes y ${ECOSYSTEMS} ecosistemas sembrados en ${Date.now() - seeding} ms`);

    const listing = `${backend.url}/api/marketplace/agents`;
    const firstPage = await (await fetch(listing)).text();
    const bytes = Buffer.byteLength(firstPage);
    const constantUrl = `${backend.url}/api/bench/constant?bytes=${bytes}`;
    const constantBytes = Buffer.byteLength(await (await fetch(constantUrl)).text());
    if (constantBytes !== bytes) throw new Error(`La ruta constante dio ${constantBytes} bytes, no ${bytes}`);
    bare = await startBareServer(3312, firstPage);

    const options = { seconds, connections: CONNECTIONS };
    const bareRow = await measure(bare.url, { ...options, title: `node:http, mismos bytes (${bytes} B)` });
    const floor = await measure(constantUrl, { ...options, title: 'GET /api/bench/constant (sin base de datos)' });
    const rows = [
      bareRow,
      floor,
      await measure(listing, { ...options, title: 'GET /api/marketplace/agents (1.ª página)' }),
      await measure(`${listing}?search=contratos`, { ...options, title: '…/agents?search=contratos' }),
      await measure(`${listing}?minPrice=10&maxPrice=200&sortBy=price-low`, {
        ...options,
        title: '…/agents?minPrice=10&maxPrice=200&sortBy=price-low',
      }),
      await measure(`${backend.url}/api/marketplace/ecosystems`, { ...options, title: 'GET /api/marketplace/ecosystems' }),
    ];

    console.log(`\nMarketplace: ${CONNECTIONS} conexiones, ${seconds} s por escenario`);
    console.table(
      rows.map((row) => ({
        escenario: row.title,
        'req/s': row.requestsPerSecond,
        'p50 ms': row.p50Ms,
        'p99 ms': row.p99Ms,
        errores: row.errors,
        'vs suelo Nest': percent(row.requestsPerSecond, floor.requestsPerSecond),
        'vs node:http': percent(row.requestsPerSecond, bareRow.requestsPerSecond),
      })),
    );
    const listingRow = rows[2];
    const share = listingRow.requestsPerSecond / floor.requestsPerSecond;
    const met = share >= TARGET_SHARE_OF_FLOOR && listingRow.p99Ms < TARGET_P99_MS && listingRow.errors === 0;
    console.log(
      `Objetivo (listado ≥ ${TARGET_SHARE_OF_FLOOR * 100}% del suelo y p99 < ${TARGET_P99_MS} ms): ` +
        `${met ? 'CUMPLIDO' : 'NO CUMPLIDO'} (${Math.round(share * 100)}%, p99 ${listingRow.p99Ms} ms)`,
    );
    return rows;
  } finally {
    await Promise.all([backend.stop(), bare?.stop()]);
    rmSync(workDir, { recursive: true, force: true });
  }
}
