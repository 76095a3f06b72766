import { Logger } from '@nestjs/common';
import request from 'supertest';
import { type BedrockFake, bedrockFakeEnv, startBedrockFake, useFakeAwsCredentials } from '../fakes/bedrock-fake';
import { type OpenAiFake, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(30_000);

const BEDROCK_MODEL = 'us.anthropic.claude-3-5-sonnet-20240620-v1:0';
const LOCAL_MODEL = 'qwen2.5';

/**
 * With several providers configured (MODEL_PROVIDER a comma list), an agent's chat goes to the
 * provider that lists its model; the reply names that provider, not the first configured one.
 */
describe.each(['bedrock', 'openai-compatible'] as const)('the chat reply names the provider that answered (%s first)', (first) => {
  let bedrock: BedrockFake;
  let openAi: OpenAiFake;
  let restoreCredentials: () => void;
  let testApp: TestApp;
  let ana: SignedInUser;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    Logger.overrideLogger(false);
    restoreCredentials = useFakeAwsCredentials();
    bedrock = await startBedrockFake({ reply: ['Hola desde Bedrock'] });
    openAi = await startOpenAiFake({ reply: ['Hola desde el servidor local'], models: ['llama3.1', LOCAL_MODEL] });
    testApp = await createTestApp(
      bedrockFakeEnv(bedrock, {
        MODEL_PROVIDER: first === 'bedrock' ? 'bedrock,openai-compatible' : 'openai-compatible,bedrock',
        OPENAI_BASE_URL: openAi.url,
        OPENAI_MODEL: 'llama3.1',
        OPENAI_API_KEY: 'clave-local',
      }),
    );
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
  });

  afterAll(async () => {
    await testApp.close();
    await bedrock.close();
    await openAi.close();
    restoreCredentials();
    Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']);
  });

  const agentOn = async (name: string, modelId: string) =>
    (
      await http()
        .post('/api/agents')
        .set(ana.authorization)
        .send({ name, category: 'general', description: 'Pruebas', price: 0, isPublic: false, prompt: `Eres ${name}.`, modelConfig: { modelId } })
        .expect(201)
    ).body.id as string;

  const chatWith = async (agentId: string) => {
    const { body: conversation } = await http().post('/api/conversations').set(ana.authorization).send({ metadata: { agentId } }).expect(201);
    return (await http().post('/api/bedrock/agents/chat').set(ana.authorization).send({ conversationId: conversation.id, message: 'Hola' }).expect(200))
      .body as { message: string; metadata: { modelProvider: string; modelId: string | null } };
  };

  it('an agent on the local server’s model is answered, and reported, by the OpenAI-compatible server', async () => {
    const reply = await chatWith(await agentOn('Agente Local', LOCAL_MODEL));
    expect(reply.message).toBe('Hola desde el servidor local');
    expect(reply.metadata).toMatchObject({ modelProvider: 'openai-compatible', modelId: LOCAL_MODEL });
  });

  it('an agent on a Bedrock model is answered, and reported, by Bedrock', async () => {
    const reply = await chatWith(await agentOn('Agente Bedrock', BEDROCK_MODEL));
    expect(reply.message).toBe('Hola desde Bedrock');
    expect(reply.metadata).toMatchObject({ modelProvider: 'bedrock', modelId: BEDROCK_MODEL });
  });

  it('the streamed reply’s last event names the same provider', async () => {
    const agentId = await agentOn('Agente Local en directo', LOCAL_MODEL);
    const { body: conversation } = await http().post('/api/conversations').set(ana.authorization).send({ metadata: { agentId } }).expect(201);
    const response = await http()
      .post('/api/bedrock/agents/chat')
      .set(ana.authorization)
      .set('accept', 'text/event-stream')
      .send({ conversationId: conversation.id, message: 'Hola' })
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    expect(String(response.body)).toContain('"modelProvider":"openai-compatible"');
  });
});
