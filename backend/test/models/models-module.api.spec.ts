import request from 'supertest';
import { ModelGateway, type ModelEvent } from '../../src/modules/models/model-gateway';
import { type BedrockFake, bedrockFakeEnv, startBedrockFake, useFakeAwsCredentials } from '../fakes/bedrock-fake';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the models module in the application', () => {
  let fake: BedrockFake;
  let testApp: TestApp;
  let restoreCredentials: () => void;

  beforeAll(async () => {
    // The app takes AWS credentials from the SDK's default chain; here, the environment.
    restoreCredentials = useFakeAwsCredentials();
    fake = await startBedrockFake({ reply: ['Hola', ' desde ', 'Bedrock'] });
    testApp = await createTestApp(
      bedrockFakeEnv(fake, { BEDROCK_CHATBOT_AGENT_ID: 'SESHAT0001', BEDROCK_CHATBOT_AGENT_ALIAS_ID: 'ALIASSES01' }),
    );
  });

  afterAll(async () => {
    await testApp.close();
    await fake.close();
    restoreCredentials();
  });

  it('reports the chosen provider and what it answers in GET /api/health', async () => {
    const response = await request(testApp.server).get('/api/health').expect(200);
    expect(response.body.providers.models).toEqual({
      provider: 'bedrock',
      bedrockAgent: false,
      bedrockChatbotAgent: true,
      bedrockRuntime: true,
      openAiCompatible: false,
    });
  });

  it('provides ModelGateway, answering through the configured Bedrock endpoint', async () => {
    const gateway = testApp.app.get(ModelGateway, { strict: false });
    expect(gateway.isConfigured('agent')).toBe(true);
    expect(gateway.isConfigured('chatbot')).toBe(true);
    const events: ModelEvent[] = [];
    for await (const event of gateway.stream({ audience: 'agent', sessionId: 'c1', message: 'Hola', history: [], systemPrompt: 'Eres X.' })) {
      events.push(event);
    }
    expect(events.filter((event) => event.type === 'delta').map((event) => (event as { text: string }).text)).toEqual(['Hola', ' desde ', 'Bedrock']);
    expect(fake.requests[0]).toMatchObject({ operation: 'ConverseStream', modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0' });
  });
});
