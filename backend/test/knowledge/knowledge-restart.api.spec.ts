import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRepositoryToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { Repository } from 'typeorm';
import { DocumentParser, StructuredDocumentParser } from '../../src/modules/knowledge/document-parser';
import { KnowledgeDocument } from '../../src/modules/knowledge/entities/knowledge-document.entity';
import type { ParsedDocument } from '../../src/modules/knowledge/parsing/parsing.types';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, createTestAppWith, type TestApp, withPostgres } from '../support/test-app';

jest.setTimeout(120_000);

/** Recognises and chunks as the real one does, but a parse never ends: an instance stopped mid-ingestion. */
class StuckParser extends StructuredDocumentParser {
  parses = 0;
  override parse(): Promise<ParsedDocument> {
    this.parses += 1;
    return new Promise(() => undefined);
  }
}

const LAW = '# Ley de arrendamientos\n\nEl arrendatario entrega una fianza de una mensualidad de renta.\n';

/**
 * A document left 'processing' when its instance stops is ingested by the next one to start on the
 * same database: at once after a graceful shutdown (the claim is let go), and once the claim is
 * stale after a kill; a live claim of another instance is left alone.
 */
describe('knowledge ingestion across a restart', () => {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const schema = `knowledge_restart_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'nova-knowledge-restart-'));
  // Both instances on one database: a SQLite file, or a PostgreSQL schema of this test's.
  const sharedDatabase: Record<string, string> = postgresUrl ? { DATABASE_SCHEMA: schema } : { SQLITE_PATH: join(dataDir, 'shared.sqlite') };
  const env = { ...sharedDatabase, RATE_LIMIT_UPLOADS_PER_HOUR: '1000' };

  beforeAll(async () => {
    if (postgresUrl) await withPostgres(postgresUrl, (client) => client.query(`CREATE SCHEMA "${schema}"`));
  });
  afterAll(async () => {
    if (postgresUrl) await withPostgres(postgresUrl, (client) => client.query(`DROP SCHEMA "${schema}" CASCADE`));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const waitUntilDone = async (testApp: TestApp, user: SignedInUser, agentId: string, documentId: string) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { body } = await request(testApp.server).get(`/api/agents/${agentId}/knowledge/${documentId}`).set(user.authorization).expect(200);
      if (body.status !== 'processing') return body as { status: string; chunks: number };
      if (Date.now() > deadline) throw new Error(`still processing: ${JSON.stringify(body)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('resumes what a stopped or killed instance left processing, and leaves another live instance\'s claim alone', async () => {
    // The first instance takes three documents and stops in the middle of its first parse.
    const stuck = new StuckParser();
    const first = await createTestAppWith([[DocumentParser, stuck]], env);
    const ana = await signUpAndSignIn(first, 'ana@example.com');
    const { body: agent } = await request(first.server)
      .post('/api/agents')
      .set(ana.authorization)
      .send({ name: 'Asesor', category: 'legal', description: 'Alquileres' })
      .expect(201);
    const add = async (name: string) =>
      (await request(first.server).post(`/api/agents/${agent.id}/knowledge`).set(ana.authorization).attach('file', Buffer.from(LAW), name).expect(201)).body.id as string;
    const stopped = await add('parada.md');
    const killed = await add('matada.md');
    const otherLive = await add('en-otra-instancia.md');
    while (stuck.parses === 0) await new Promise((resolve) => setTimeout(resolve, 20));

    // As a killed instance would leave them: claimed two minutes and more ago; and one claimed
    // just now by another instance that is still alive.
    const documents = first.app.get<Repository<KnowledgeDocument>>(getRepositoryToken(KnowledgeDocument));
    await documents.update({ id: killed }, { claimedBy: 'instancia-muerta', claimedAt: new Date(Date.now() - 3 * 60_000) });
    await documents.update({ id: otherLive }, { claimedBy: 'instancia-viva', claimedAt: new Date() });
    for (const id of [stopped, killed, otherLive]) expect((await documents.findOneByOrFail({ id })).status).toBe('processing');
    await first.close();

    const second = await createTestApp(env);
    try {
      // Ana's session goes on: the same database and the same signing keys.
      expect(await waitUntilDone(second, ana, agent.id, stopped)).toMatchObject({ status: 'ready', chunks: 1 });
      expect(await waitUntilDone(second, ana, agent.id, killed)).toMatchObject({ status: 'ready', chunks: 1 });
      const search = await request(second.server).post(`/api/agents/${agent.id}/knowledge/search`).set(ana.authorization).send({ query: 'fianza' }).expect(200);
      expect(search.body.items.map((item: { documentName: string }) => item.documentName).sort()).toEqual(['matada.md', 'parada.md']);
      const live = await request(second.server).get(`/api/agents/${agent.id}/knowledge/${otherLive}`).set(ana.authorization).expect(200);
      expect(live.body.status).toBe('processing');
    } finally {
      await second.close();
    }
  });
});
