import { ConfigValidationError, loadConfig } from '../../config/app-config';
import { ModelNotConfiguredError } from './model-gateway';
import { createModelGateway } from './model-gateway.factory';

describe('the models configuration', () => {
  it('has no provider by default, with Claude 3.5 Sonnet as the Bedrock model, a 60 s time-out and 10 min for a whole reply', () => {
    const { models } = loadConfig({});
    expect(models).toMatchObject({
      provider: 'none',
      providers: [],
      timeoutMs: 60000,
      wholeReplyTimeoutMs: 600000,
      bedrockAgent: false,
      bedrockChatbotAgent: false,
      bedrockRuntime: false,
      openAiCompatible: false,
      openAi: null,
    });
    expect(models.bedrock).toEqual({
      region: 'us-east-1',
      endpoint: null,
      agentEndpoint: null,
      controlEndpoint: null,
      mainAgent: null,
      chatbotAgent: null,
      modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0',
    });
  });

  it('reads Bedrock: region, endpoints, both agents and the model', () => {
    const { models } = loadConfig({
      MODEL_PROVIDER: 'bedrock',
      AWS_REGION: 'eu-west-1',
      BEDROCK_ENDPOINT: 'https://vpce-1.bedrock-runtime.eu-west-1.vpce.amazonaws.com',
      BEDROCK_AGENT_ID: 'GENERAL001',
      BEDROCK_AGENT_ALIAS_ID: 'TSTALIASID',
      BEDROCK_CHATBOT_AGENT_ID: 'SESHAT0001',
      BEDROCK_CHATBOT_AGENT_ALIAS_ID: 'ALIASSES01',
      BEDROCK_MODEL_ID: 'arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.anthropic.claude-3-5-sonnet-20240620-v1:0',
      MODEL_TIMEOUT_MS: '30000',
    });
    expect(models).toMatchObject({ provider: 'bedrock', timeoutMs: 30000, bedrockAgent: true, bedrockChatbotAgent: true, bedrockRuntime: true });
    expect(models.bedrock).toEqual({
      region: 'eu-west-1',
      endpoint: 'https://vpce-1.bedrock-runtime.eu-west-1.vpce.amazonaws.com',
      agentEndpoint: 'https://vpce-1.bedrock-runtime.eu-west-1.vpce.amazonaws.com',
      controlEndpoint: null,
      mainAgent: { agentId: 'GENERAL001', aliasId: 'TSTALIASID' },
      chatbotAgent: { agentId: 'SESHAT0001', aliasId: 'ALIASSES01' },
      modelId: 'arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.anthropic.claude-3-5-sonnet-20240620-v1:0',
    });
  });

  it('reports Bedrock agents as unused while another provider is chosen', () => {
    const { models } = loadConfig({ BEDROCK_AGENT_ID: 'GENERAL001', BEDROCK_AGENT_ALIAS_ID: 'ALIASGEN01' });
    expect(models).toMatchObject({ provider: 'none', bedrockAgent: false });
  });

  it('reads an OpenAI-compatible server, without a trailing slash', () => {
    const { models } = loadConfig({
      MODEL_PROVIDER: 'openai-compatible',
      OPENAI_BASE_URL: 'http://localhost:11434/v1/',
      OPENAI_MODEL: 'llama3.1',
      OPENAI_API_KEY: 'ollama',
    });
    expect(models).toMatchObject({ provider: 'openai-compatible', openAiCompatible: true, bedrockRuntime: false });
    expect(models.openAi).toEqual({ baseUrl: 'http://localhost:11434/v1', apiKey: 'ollama', model: 'llama3.1' });
  });

  it('reads several providers: the first answers the assistants, every one may answer agents', () => {
    const { models } = loadConfig({
      MODEL_PROVIDER: ' bedrock , openai-compatible',
      BEDROCK_AGENT_ID: 'GENERAL001',
      BEDROCK_AGENT_ALIAS_ID: 'TSTALIASID',
      BEDROCK_CONTROL_ENDPOINT: 'https://bedrock.eu-west-1.amazonaws.com',
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      OPENAI_MODEL: 'llama3.1',
    });
    expect(models).toMatchObject({
      provider: 'bedrock',
      providers: ['bedrock', 'openai-compatible'],
      bedrockAgent: true,
      bedrockRuntime: true,
      openAiCompatible: true,
    });
    expect(models.bedrock.controlEndpoint).toBe('https://bedrock.eu-west-1.amazonaws.com');

    const openAiFirst = loadConfig({ MODEL_PROVIDER: 'openai-compatible,bedrock', OPENAI_BASE_URL: 'http://localhost:11434/v1', OPENAI_MODEL: 'llama3.1', BEDROCK_AGENT_ID: 'GENERAL001', BEDROCK_AGENT_ALIAS_ID: 'TSTALIASID' });
    // The Bedrock agents answer the assistants only when Bedrock comes first.
    expect(openAiFirst.models).toMatchObject({ provider: 'openai-compatible', providers: ['openai-compatible', 'bedrock'], bedrockAgent: false, bedrockRuntime: true });
  });

  it.each([
    [{ MODEL_PROVIDER: 'bedrock,openai' }, /MODEL_PROVIDER: debe ser none, bedrock u openai-compatible/],
    [{ MODEL_PROVIDER: 'none,bedrock' }, /MODEL_PROVIDER: none no se combina con otros proveedores/],
    [{ MODEL_PROVIDER: 'bedrock,openai-compatible' }, /OPENAI_BASE_URL es obligatoria con MODEL_PROVIDER=openai-compatible/],
    [{ BEDROCK_CONTROL_ENDPOINT: 'bedrock.local' }, /BEDROCK_CONTROL_ENDPOINT: debe ser una URL http\(s\)/],
    [{ MODEL_PROVIDER: 'openai' }, /MODEL_PROVIDER: debe ser none, bedrock u openai-compatible/],
    [{ MODEL_PROVIDER: 'openai-compatible', OPENAI_MODEL: 'llama3.1' }, /OPENAI_BASE_URL es obligatoria con MODEL_PROVIDER=openai-compatible/],
    [{ MODEL_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: 'http://localhost:11434/v1' }, /OPENAI_MODEL es obligatoria/],
    [{ BEDROCK_AGENT_ID: 'GENERAL001' }, /BEDROCK_AGENT_ID y BEDROCK_AGENT_ALIAS_ID deben darse juntos/],
    [{ BEDROCK_CHATBOT_AGENT_ALIAS_ID: 'ALIASSES01' }, /BEDROCK_CHATBOT_AGENT_ID y BEDROCK_CHATBOT_AGENT_ALIAS_ID deben darse juntos/],
    [{ BEDROCK_AGENT_ID: 'agent/../x' }, /BEDROCK_AGENT_ID: debe ser un id de agente de Bedrock/],
    [{ BEDROCK_ENDPOINT: 'bedrock.local' }, /BEDROCK_ENDPOINT: debe ser una URL http\(s\)/],
    [{ BEDROCK_MODEL_ID: 'claude 3.5' }, /BEDROCK_MODEL_ID: debe ser un id o ARN de modelo de Bedrock/],
    [{ MODEL_TIMEOUT_MS: 'soon' }, /MODEL_TIMEOUT_MS: .*debe ser un número entero de milisegundos/],
    [{ MODEL_TIMEOUT_MS: '0' }, /MODEL_TIMEOUT_MS: debe estar entre 100 y 600000 milisegundos/],
  ])('refuses %j with a Spanish message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigValidationError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('the model gateway with no provider', () => {
  it('answers no audience, and says so in Spanish when asked anyway', async () => {
    const gateway = createModelGateway(loadConfig({}));
    expect(gateway.isConfigured('main-assistant')).toBe(false);
    expect(gateway.isConfigured('agent')).toBe(false);
    expect(gateway.isConfigured('chatbot')).toBe(false);
    const iterator = gateway.stream({ audience: 'agent', sessionId: 'c', message: 'hola', history: [] })[Symbol.asyncIterator]();
    await expect(iterator.next()).rejects.toThrow(ModelNotConfiguredError);
    await expect(gateway.stream({ audience: 'agent', sessionId: 'c', message: 'hola', history: [] }).next()).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(/^No hay ningún modelo de IA configurado\./),
    });
  });
});
