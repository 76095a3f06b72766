import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import OpenAI from 'openai';
import request from 'supertest';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(90_000);

/**
 * Builders' own software as the clients: the official `openai` package pointed at {base}/api/v1
 * and the MCP SDK's client, against the application listening on a real port.
 */
describe('a published agent used through the official openai client and an MCP client', () => {
  let fake: OpenAiFake;
  let testApp: TestApp;
  let ana: SignedInUser;
  let base: string;
  let agentId: string;
  let secret: string;
  let otherSecret: string;

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Buenos ', 'días.'], usage: { prompt_tokens: 30, completion_tokens: 4 } });
    testApp = await createTestApp(openAiFakeEnv(fake, { RATE_LIMIT_AGENTS_PER_HOUR: '1000' }));
    await testApp.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(testApp.server.address() as AddressInfo).port}`;
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    const agent = async (name: string) =>
      (
        await request(testApp.server)
          .post('/api/agents')
          .set(ana.authorization)
          .send({ name, category: 'legal', description: `${name}: contratos y alquileres`, isPublic: false, prompt: `Eres ${name}.` })
          .expect(201)
      ).body.id as string;
    agentId = await agent('Abogada Laboral');
    secret = (await request(testApp.server).post(`/api/agent/${agentId}/publication`).set(ana.authorization).send({}).expect(201)).body.apiKey.secret;
    const otherAgent = await agent('Otro Agente');
    otherSecret = (await request(testApp.server).post(`/api/agent/${otherAgent}/publication`).set(ana.authorization).send({}).expect(201)).body.apiKey.secret;
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  const openai = (apiKey = secret) => new OpenAI({ baseURL: `${base}/api/v1`, apiKey, maxRetries: 0 });

  it('lists the agent the key may call as its model', async () => {
    const models = await openai().models.list();
    expect(models.data).toEqual([{ id: agentId, object: 'model', created: 0, owned_by: testApp.config.productName }]);
    expect(JSON.stringify(models)).not.toContain('ana@example.com');
  });

  it('answers a chat completion in OpenAI’s shape', async () => {
    fake.requests.length = 0;
    const completion = await openai().chat.completions.create({
      model: agentId,
      messages: [
        { role: 'system', content: 'Responde con cortesía.' },
        { role: 'user', content: 'Hola' },
        { role: 'assistant', content: '¿En qué te ayudo?' },
        { role: 'user', content: [{ type: 'text', text: '¿Puedo romper mi contrato?' }] },
      ],
      temperature: 0.2,
    });
    expect(completion).toMatchObject({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      model: agentId,
      choices: [{ index: 0, message: { role: 'assistant', content: 'Buenos días.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 30, completion_tokens: 4, total_tokens: 34 },
    });
    const sent = fake.requests[0].body;
    expect(sent.messages[0].content).toBe('Eres Abogada Laboral.\n\nResponde con cortesía.');
    expect(sent.messages.slice(1)).toEqual([
      { role: 'user', content: 'Hola' },
      { role: 'assistant', content: '¿En qué te ayudo?' },
      { role: 'user', content: '¿Puedo romper mi contrato?' },
    ]);
  });

  it('streams chat completion chunks, with usage when asked', async () => {
    const stream = await openai().chat.completions.create({
      model: agentId,
      messages: [{ role: 'user', content: 'Hola' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join('')).toBe('Buenos días.');
    expect(chunks[0]).toMatchObject({ object: 'chat.completion.chunk', model: agentId, choices: [{ index: 0, delta: { role: 'assistant' } }] });
    expect(chunks.at(-2)?.choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 30, completion_tokens: 4, total_tokens: 34 } });
  });

  it('reports refusals as OpenAI errors with our messages', async () => {
    const unknown = await openai(`nova_sk_${'y'.repeat(43)}`).models.list().catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((unknown as InstanceType<typeof OpenAI.APIError>).message).toContain('La clave de API no es válida o ha sido revocada.');

    const foreign = await openai(otherSecret)
      .chat.completions.create({ model: agentId, messages: [{ role: 'user', content: 'Hola' }] })
      .catch((error: unknown) => error);
    expect(foreign).toBeInstanceOf(OpenAI.NotFoundError);
    expect((foreign as InstanceType<typeof OpenAI.APIError>).code).toBe('model_not_found');

    const noQuestion = await openai()
      .chat.completions.create({ model: agentId, messages: [{ role: 'assistant', content: 'Hola' }] })
      .catch((error: unknown) => error);
    expect(noQuestion).toBeInstanceOf(OpenAI.BadRequestError);
    expect((noQuestion as Error).message).toContain('messages debe terminar con un mensaje del usuario');
  });

  it('serves the agent over MCP as one tool that takes input and returns the answer', async () => {
    const client = new Client({ name: 'prueba', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/api/v1/agent/${agentId}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools).toEqual([expect.objectContaining({ name: 'ask_agent', title: 'Abogada Laboral', description: 'Abogada Laboral: contratos y alquileres' })]);
      expect(tools[0].inputSchema).toMatchObject({ type: 'object', required: ['input'] });
      fake.requests.length = 0;
      const result = await client.callTool({ name: 'ask_agent', arguments: { input: '¿Y el preaviso?', context: { convenio: 'comercio' } } });
      expect(result.content).toEqual([{ type: 'text', text: 'Buenos días.' }]);
      expect(result.isError).toBeFalsy();
      expect(fake.requests[0].body.messages.at(-1)).toEqual({ role: 'user', content: '¿Y el preaviso?' });
    } finally {
      await client.close();
    }
  });

  it('refuses an MCP client without a valid key of this agent', async () => {
    for (const [authorization, status] of [
      [undefined, 401],
      [`Bearer nova_sk_${'z'.repeat(43)}`, 401],
      [`Bearer ${otherSecret}`, 403],
    ] as const) {
      const client = new Client({ name: 'intrusa', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(`${base}/api/v1/agent/${agentId}/mcp`), {
        requestInit: { headers: authorization ? { Authorization: authorization } : {} },
      });
      const error = await client.connect(transport).catch((reason: unknown) => reason);
      expect(String(error)).toContain(String(status));
      await client.close().catch(() => undefined);
    }
  });
});
