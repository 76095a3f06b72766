import { Queue } from 'bullmq';
import request from 'supertest';
import { KNOWLEDGE_QUEUE_NAME, knowledgeQueuePrefix } from '../../src/modules/knowledge/knowledge-ingestion';
import { signUpAndSignIn } from '../support/identity-client';
import { describeWithRedis, TEST_REDIS_URL } from '../support/services';
import { createTestApp } from '../support/test-app';

jest.setTimeout(90_000);

describeWithRedis('knowledge ingestion on the BullMQ queue (REDIS_URL)', () => {
  it('ingests an uploaded document through the queue (a job of its id), and its job is gone once done', async () => {
    const redisUrl = TEST_REDIS_URL as string;
    const testApp = await createTestApp({ REDIS_URL: redisUrl });
    const url = new URL(redisUrl);
    const queue = new Queue(KNOWLEDGE_QUEUE_NAME, { connection: { host: url.hostname, port: Number(url.port || 6379) }, prefix: knowledgeQueuePrefix(testApp.config) });
    try {
      const ana = await signUpAndSignIn(testApp, 'ana@example.com');
      const http = () => request(testApp.server);
      // Paused: the document waits in Redis as a job of its id, and nothing ingests it here meanwhile.
      await queue.pause();
      const { body: agent } = await http().post('/api/agents').set(ana.authorization).send({ name: 'Asesor', category: 'legal', description: 'Alquileres' }).expect(201);
      const { body } = await http()
        .post(`/api/agents/${agent.id}/knowledge`)
        .set(ana.authorization)
        .attach('file', Buffer.from('# Fianza\n\nLa fianza es de una mensualidad de renta.\n'), 'ley.md')
        .expect(201);
      expect(body.status).toBe('processing');
      for (let tries = 0; !(await queue.getJob(body.id)) && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await queue.getJob(body.id))?.data).toEqual({ documentId: body.id });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await http().get(`/api/agents/${agent.id}/knowledge/${body.id}`).set(ana.authorization).expect(200)).body.status).toBe('processing');
      await queue.resume();
      const deadline = Date.now() + 30_000;
      let status = 'processing';
      while (status === 'processing' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await http().get(`/api/agents/${agent.id}/knowledge/${body.id}`).set(ana.authorization).expect(200)).body.status;
      }
      expect(status).toBe('ready');
      const search = await http().post(`/api/agents/${agent.id}/knowledge/search`).set(ana.authorization).send({ query: 'fianza' }).expect(200);
      expect(search.body.items[0]).toMatchObject({ documentId: body.id, documentName: 'ley.md' });
      expect(await queue.getJob(body.id)).toBeUndefined();
    } finally {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await testApp.close();
    }
  });
});
