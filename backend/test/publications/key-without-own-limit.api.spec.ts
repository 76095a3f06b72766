import request from 'supertest';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(180_000);

/**
 * A key created with its requests per minute left empty ('Vacío: sin límite propio', issue 31,
 * item 8) has no number of its own: the deployment's most (API_KEY_RATE_LIMIT_MAX, 600 unless
 * set) holds it, not the 60 it used to get. The account's model calls through all its keys keep
 * their own budget (RATE_LIMIT_API_MODEL_CALLS_PER_MINUTE, 60), which the form also says.
 */
describe('an API key without requests per minute of its own', () => {
  let fake: OpenAiFake;
  let testApp: TestApp;
  let ana: SignedInUser;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Vale.'], usage: { prompt_tokens: 4, completion_tokens: 1 } });
    testApp = await createTestApp(openAiFakeEnv(fake, { RATE_LIMIT_AGENTS_PER_HOUR: '1000' }));
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  const publish = async () => {
    const agentId = (
      await http().post('/api/agents').set(ana.authorization).send({ name: 'Sin límite', category: 'legal', description: 'Clave sin límite propio', prompt: 'Eres breve.' }).expect(201)
    ).body.id as string;
    const publication = (await http().post(`/api/agent/${agentId}/publication`).set(ana.authorization).send({}).expect(201)).body;
    return { agentId, publicationId: publication.apiId as string, defaultKey: publication.apiKey as { rateLimitPerMinute: number | null } };
  };
  const newKey = async (publicationId: string, limits: object) =>
    (await http().post(`/api/publication/${publicationId}/keys`).set(ana.authorization).send({ name: 'Clave', ...limits }).expect(201)).body as {
      keyId: string;
      secret: string;
      rateLimitPerMinute: number | null;
    };
  const models = (secret: string) => http().get('/api/v1/models').set('Authorization', `Bearer ${secret}`);
  const invoke = (agentId: string, secret: string) => http().post(`/api/v1/agent/${agentId}/invoke`).set('x-api-key', secret).send({ input: 'Hola' });

  /** The count is per clock minute: start with at least this much of one left. */
  async function withinOneMinute(neededMs: number) {
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 60_000 - neededMs) await new Promise((resolve) => setTimeout(resolve, 60_100 - intoMinute));
  }

  it('has none of its own (null, as the default key), and its 61st request in a minute passes, up to the deployment’s 600', async () => {
    const { publicationId, defaultKey } = await publish();
    expect(defaultKey.rateLimitPerMinute).toBeNull();
    const unlimited = await newKey(publicationId, {});
    expect(unlimited.rateLimitPerMinute).toBeNull();
    const explicitNull = await newKey(publicationId, { rateLimitPerMinute: null });
    expect(explicitNull.rateLimitPerMinute).toBeNull();
    const limited = await newKey(publicationId, { rateLimitPerMinute: 60 });
    expect(limited.rateLimitPerMinute).toBe(60);
    const listed = (await http().get(`/api/publication/${publicationId}/keys`).set(ana.authorization).expect(200)).body as { keyId: string; rateLimitPerMinute: number | null }[];
    expect(listed.find((key) => key.keyId === unlimited.keyId)?.rateLimitPerMinute).toBeNull();

    await withinOneMinute(40_000);
    for (let i = 1; i <= 60; i += 1) {
      await models(unlimited.secret).expect(200);
      await models(limited.secret).expect(200);
    }
    const sixtyFirst = await models(unlimited.secret).expect(200);
    expect(sixtyFirst.headers['ratelimit-policy']).toBe('"per-key";q=600;w=60');
    expect(sixtyFirst.headers['ratelimit-remaining']).toBe('539');
    // A key with a number of its own is held to it.
    const refused = await models(limited.secret).expect(429);
    expect(refused.headers['ratelimit-policy']).toBe('"per-key";q=60;w=60');
  });

  it('still shares the account’s model calls a minute with its other keys (RATE_LIMIT_API_MODEL_CALLS_PER_MINUTE)', async () => {
    const { agentId, publicationId } = await publish();
    const unlimited = await newKey(publicationId, {});
    await withinOneMinute(45_000);
    for (let i = 1; i <= 60; i += 1) await invoke(agentId, unlimited.secret).expect(200);
    const refused = await invoke(agentId, unlimited.secret).expect(429);
    expect(refused.headers['ratelimit-policy']).toBe('"per-key";q=600;w=60, "per-owner";q=60;w=60');
    expect(refused.body.message).not.toMatch(/^Esta clave de API admite/);
  });
});
