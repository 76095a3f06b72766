import request from 'supertest';
import { openAiFakeEnv, startOpenAiFake, type OpenAiFake } from '../fakes';
import { createTestApp, type TestApp } from '../support/test-app';

describe('Seshat with a model configured', () => {
  let fake: OpenAiFake;
  let testApp: TestApp;

  beforeAll(async () => {
    fake = await startOpenAiFake({
      reply: ['Puedes crear un agente ', 'desde «Crear Agente Avanzado». ', 'Te guío paso a paso.'],
    });
    testApp = await createTestApp(openAiFakeEnv(fake));
  });

  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  it('reports the assistant online in the health check', async () => {
    const response = await request(testApp.server).get('/api/health').expect(200);
    expect(response.body.providers.assistant).toBe('online');
  });

  it("answers with the model's reply, the chatbot's instructions and the help-centre links", async () => {
    const response = await request(testApp.server)
      .post('/api/assistant/messages')
      .send({ sessionId: 'sesion-online-1', message: '¿Cómo creo un agente?', page: 'Inicio' })
      .expect(200);
    expect(response.body).toMatchObject({
      mode: 'online',
      reply: 'Puedes crear un agente desde «Crear Agente Avanzado». Te guío paso a paso.',
    });
    expect(response.body.articles.length).toBeGreaterThan(0);
    const sent = fake.requests.at(-1)!.body;
    expect(sent.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('Seshat') });
    expect(sent.messages.at(-1)).toMatchObject({ role: 'user', content: '[Página actual: Inicio] ¿Cómo creo un agente?' });
  });

  it('falls back to an offline answer when the model fails', async () => {
    fake.set({ reply: [], status: 500 });
    const response = await request(testApp.server)
      .post('/api/assistant/messages')
      .send({ sessionId: 'sesion-online-2', message: '¿Cuáles son los planes?' })
      .expect(200);
    expect(response.body.mode).toBe('offline');
    expect(response.body.reply.length).toBeGreaterThan(0);
  });
});
