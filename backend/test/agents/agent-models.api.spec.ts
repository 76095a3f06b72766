import { Logger } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Agent } from '../../src/modules/agents/entities/agent.entity';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

const AGENT = {
  name: 'Asesor de Hipotecas',
  category: 'finance',
  description: 'Compara hipotecas',
  skills: ['Hipotecas'],
  capabilities: ['Comparar ofertas'],
  useCases: ['Primera vivienda'],
  price: 4.5,
  isPublic: true,
};

describe("an agent's model (modelConfig.modelId) and who may change or delete the agent", () => {
  let fake: OpenAiFake;
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let jefa: SignedInUser;
  const http = () => request(testApp.server);
  const save = (user: SignedInUser, body: object) => http().post('/api/agents').set(user.authorization).send(body);

  beforeAll(async () => {
    Logger.overrideLogger(false);
    fake = await startOpenAiFake({ reply: ['Hola'], models: ['llama3.1', 'qwen2.5'] });
    testApp = await createTestApp(openAiFakeEnv(fake, { OPENAI_MODEL: 'llama3.1', ADMIN_EMAILS: 'jefa@example.com', RATE_LIMIT_AGENTS_PER_HOUR: '1000' }));
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    jefa = await signUpAndSignIn(testApp, 'jefa@example.com');
  });

  beforeEach(() => fake.set({ models: ['llama3.1', 'qwen2.5'], modelsStatus: undefined }));

  afterAll(async () => {
    await testApp.close();
    await fake.close();
    Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']);
  });

  it('takes a model the configured server lists, or none (the default model)', async () => {
    const { body } = await save(ana, { ...AGENT, modelConfig: { modelId: 'qwen2.5' } }).expect(201);
    expect(body.modelConfig).toEqual({ modelId: 'qwen2.5' });
    const { body: withoutModel } = await save(ana, { ...AGENT, modelConfig: { modelId: null } }).expect(201);
    expect(withoutModel.modelConfig).toEqual({ modelId: null });
    await save(ana, AGENT).expect(201);
  });

  it('refuses, in Spanish, a model no provider lists, on creation and on update, and stores nothing', async () => {
    const refused = await save(ana, { ...AGENT, name: 'Con modelo inventado', modelConfig: { modelId: 'gpt-9' } }).expect(400);
    expect(refused.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'El modelo "gpt-9" no está entre los modelos disponibles. Elige uno de la lista de modelos.',
    });
    const { body: mine } = await http().get('/api/agents').query({ creator: ana.email }).set(ana.authorization).expect(200);
    expect(mine.map((agent: { name: string }) => agent.name)).not.toContain('Con modelo inventado');

    const { body: agent } = await save(ana, { ...AGENT, modelConfig: { modelId: 'llama3.1' } }).expect(201);
    await save(ana, { ...AGENT, id: agent.id, modelConfig: { modelId: 'gpt-9' } }).expect(400);
    expect((await http().get(`/api/agents/${agent.id}`).set(ana.authorization).expect(200)).body.modelConfig).toEqual({ modelId: 'llama3.1' });
  });

  it('keeps a model the agent already has, even one no configured provider lists any more', async () => {
    const { body: agent } = await save(ana, { ...AGENT, modelConfig: { modelId: 'llama3.1' } }).expect(201);
    // Saved when the deployment ran on Bedrock.
    await testApp.app.get(DataSource).getRepository(Agent).update({ id: agent.id }, { modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0' });
    const { body } = await save(ana, { ...AGENT, id: agent.id, description: 'Compara hipotecas fijas', modelConfig: { modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0' } }).expect(200);
    expect(body).toMatchObject({ description: 'Compara hipotecas fijas', modelConfig: { modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0' } });
  });

  it("lets only the agent's creator or an admin update or delete it", async () => {
    const { body: agent } = await save(ana, { ...AGENT, name: 'De Ana' }).expect(201);

    const update = await save(bob, { ...AGENT, id: agent.id, name: 'De Bob' }).expect(403);
    expect(update.body.message).toBe('Solo el creador del agente o un administrador puede modificarlo o eliminarlo.');
    const remove = await http().delete(`/api/agents/${agent.id}`).set(bob.authorization).expect(403);
    expect(remove.body.message).toBe('Solo el creador del agente o un administrador puede modificarlo o eliminarlo.');
    expect((await http().get(`/api/agents/${agent.id}`).expect(200)).body.name).toBe('De Ana');

    const { body: privateAgent } = await save(ana, { ...AGENT, name: 'Privado de Ana', isPublic: false }).expect(201);
    // Another user's private agent is not revealed: 404, as if it did not exist.
    expect((await save(bob, { ...AGENT, id: privateAgent.id }).expect(404)).body.message).toBe('Agente no encontrado');
    await http().delete(`/api/agents/${privateAgent.id}`).set(bob.authorization).expect(404);

    await save(jefa, { ...AGENT, id: agent.id, name: 'Revisado por admin' }).expect(200);
    await http().delete(`/api/agents/${agent.id}`).set(ana.authorization).expect(200);
    await http().delete(`/api/agents/${privateAgent.id}`).set(jefa.authorization).expect(200);
    await http().get(`/api/agents/${agent.id}`).expect(404);
  });
});

describe("an agent's model when the catalogue cannot be read, or no provider is configured", () => {
  it('answers 503 in Spanish (not 400) while the only provider cannot list its models', async () => {
    Logger.overrideLogger(false);
    const fake = await startOpenAiFake({ reply: ['Hola'], modelsStatus: 502 });
    const testApp = await createTestApp(openAiFakeEnv(fake));
    try {
      const ana = await signUpAndSignIn(testApp, 'ana@example.com');
      const { body } = await request(testApp.server).post('/api/agents').set(ana.authorization).send({ ...AGENT, modelConfig: { modelId: 'qwen2.5' } }).expect(503);
      expect(body.message).toBe('No se ha podido consultar la lista de modelos para comprobar el modelo elegido. Inténtalo de nuevo en unos segundos.');
    } finally {
      await testApp.close();
      await fake.close();
      Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']);
    }
  });

  it('accepts any model with no provider configured: the agent keeps it for when one is', async () => {
    const testApp = await createTestApp();
    try {
      const ana = await signUpAndSignIn(testApp, 'ana@example.com');
      const { body } = await request(testApp.server)
        .post('/api/agents')
        .set(ana.authorization)
        .send({ ...AGENT, modelConfig: { modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0' } })
        .expect(201);
      expect(body.modelConfig).toEqual({ modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0' });
    } finally {
      await testApp.close();
    }
  });
});
