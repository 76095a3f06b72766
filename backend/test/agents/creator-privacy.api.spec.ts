import request from 'supertest';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 29, findings 12 and 8: usernames made at sign-up are e-mail addresses, and every visitor
 * read the creator's in an agent's `createdBy` ('Creado por'); users' ecosystems were credited to
 * 'admin'. Creators are shown by their public name (a handle they choose in 'Mi perfil'); the
 * e-mail address only to its owner and admins.
 */
describe("creators' public names: no e-mail address in public answers (issue 29)", () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  let agentId: string;
  let ecosystemId: string;
  const http = () => request(testApp.server);
  const as = (user: SignedInUser | undefined, path: string) => (user ? http().get(path).set(user.authorization) : http().get(path));
  const handleOf = async (user: SignedInUser) => (await as(user, `/api/users/registration/${user.sub}`).expect(200)).body.handle as string;

  /** Every public answer that names a creator, as `reader` (undefined: a visitor) reads it. */
  const publicAnswers = async (reader: SignedInUser | undefined) => {
    const paths = [
      '/api/agents',
      '/api/agents?page=1&limit=50',
      `/api/agents/${agentId}`,
      '/api/agents/category/legal',
      '/api/agents/agents-category/legal',
      '/api/marketplace/agents',
      '/api/marketplace/agents?search=Contratos',
      '/api/ecosystems',
      `/api/ecosystems/${ecosystemId}`,
      '/api/marketplace/ecosystems',
      ...(reader ? [`/api/user-agents/${reader.sub}`, `/api/user-ecosystems/${reader.sub}`] : []),
    ];
    const answers: [string, string][] = [];
    for (const path of paths) answers.push([path, (await as(reader, path).expect(200)).text]);
    return answers;
  };

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    ana = await signUpAndSignIn(testApp, 'ana.garcia@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    agentId = (
      await http()
        .post('/api/agents')
        .set(ana.authorization)
        .send({ name: 'Contratos', category: 'legal', description: 'Revisa contratos', isPublic: true })
        .expect(201)
    ).body.id;
    ecosystemId = (await http().post('/api/ecosystems').set(ana.authorization).send({ name: 'Despacho', agentIds: [agentId], isPublic: true }).expect(201)).body.id;
    await http().post(`/api/user-agents/${bob.sub}`).set(bob.authorization).send({ agentId }).expect(201);
    await http().post(`/api/user-ecosystems/${bob.sub}`).set(bob.authorization).send({ ecosystemId }).expect(201);
  });

  afterAll(() => testApp.close());

  it('gives every user a default public name that does not reveal the address', async () => {
    const handle = await handleOf(ana);
    expect(handle).toMatch(/^usuario-[0-9a-f]{8}$/);
    expect(handle).not.toContain('ana');
  });

  it('credits the agent and the ecosystem to the public name, to everyone', async () => {
    const handle = await handleOf(ana);
    expect((await as(undefined, `/api/agents/${agentId}`).expect(200)).body).toMatchObject({ createdBy: handle, creatorId: ana.sub });
    expect((await as(bob, `/api/ecosystems/${ecosystemId}`).expect(200)).body).toMatchObject({ createdBy: handle, creatorId: ana.sub });
  });

  it.each([
    ['a visitor', () => undefined],
    ['another user', () => bob],
  ])('never shows %s an e-mail address in agents, marketplace, categories, search, ecosystems or teams', async (_who, reader) => {
    for (const [path, text] of await publicAnswers(reader())) {
      expect([path, text.includes('@')]).toEqual([path, false]);
    }
  });

  it("credits a user's ecosystem to them, not to 'admin'; an admin's keeps the spec's default", async () => {
    const mine = (await http().post('/api/ecosystems').set(bob.authorization).send({ name: 'Mío', agentIds: [] }).expect(201)).body;
    expect(mine.createdBy).toBe(await handleOf(bob));
    const byUsername = (await http().post('/api/ecosystems').set(bob.authorization).send({ name: 'Mío 2', agentIds: [], createdBy: 'bob@example.com' }).expect(201)).body;
    expect(byUsername.createdBy).toBe(await handleOf(bob));
    const platform = (await http().post('/api/ecosystems').set(admin.authorization).send({ name: 'Plataforma', agentIds: [] }).expect(201)).body;
    expect(platform.createdBy).toBe('admin');
  });

  it('lets the owner and admins still read the address where the spec shows it', async () => {
    expect((await as(ana, `/api/users/registration/${ana.sub}`).expect(200)).body).toMatchObject({ email: 'ana.garcia@example.com' });
    expect((await as(admin, `/api/users/registration/${ana.sub}`).expect(200)).body).toMatchObject({ email: 'ana.garcia@example.com' });
    await as(bob, `/api/users/registration/${ana.sub}`).expect(403);
  });

  it("keeps the creator filter working for the owner by username, and tells nobody else whose address is behind a name", async () => {
    const own = (await as(ana, '/api/agents?creator=ana.garcia@example.com').expect(200)).body as { id: string }[];
    expect(own.map((agent) => agent.id)).toContain(agentId);
    expect(((await as(admin, '/api/agents?creator=ana.garcia@example.com').expect(200)).body as { id: string }[]).map((agent) => agent.id)).toContain(agentId);
    expect((await as(bob, '/api/agents?creator=ana.garcia@example.com').expect(200)).body).toEqual([]);
    expect((await as(undefined, '/api/agents?creator=ana.garcia@example.com').expect(200)).body).toEqual([]);
    const byHandle = (await as(bob, `/api/agents?creator=${await handleOf(ana)}`).expect(200)).body as { id: string }[];
    expect(byHandle.map((agent) => agent.id)).toEqual([agentId]);
  });

  it("lets a user choose their public name in 'Mi perfil', shown at once everywhere (the marketplace's cached pages too)", async () => {
    await as(undefined, '/api/marketplace/agents').expect(200);
    await as(undefined, '/api/agents').expect(200);
    const saved = await http().put(`/api/users/${ana.sub}`).set(ana.authorization).send({ handle: '  Ana-Garcia ' }).expect(200);
    expect(saved.body).toMatchObject({ handle: 'ana-garcia', email: 'ana.garcia@example.com' });
    const listed = (await as(undefined, '/api/marketplace/agents').expect(200)).body.items.find((agent: { id: string }) => agent.id === agentId);
    expect(listed.createdBy).toBe('ana-garcia');
    expect(((await as(undefined, '/api/agents').expect(200)).body as { id: string; createdBy: string }[]).find((agent) => agent.id === agentId)?.createdBy).toBe('ana-garcia');
    expect((await as(undefined, `/api/ecosystems/${ecosystemId}`).expect(200)).body.createdBy).toBe('ana-garcia');
    const next = (await http().post('/api/agents').set(ana.authorization).send({ name: 'Otro', category: 'legal', description: 'x', isPublic: true }).expect(201)).body;
    expect(next.createdBy).toBe('ana-garcia');
  });

  it.each([
    [{ handle: 'bob@example.com' }, 400, 'El nombre público debe tener entre 3 y 30 caracteres'],
    [{ handle: 'a' }, 400, 'El nombre público debe tener entre 3 y 30 caracteres'],
    [{ handle: 'hola mundo' }, 400, 'El nombre público debe tener entre 3 y 30 caracteres'],
    [{ handle: 'admin' }, 400, 'Ese nombre público está reservado. Elige otro.'],
    [{ handle: 'ana-garcia' }, 409, 'Ese nombre público ya lo usa otra persona. Elige otro.'],
  ])('refuses the public name %j with %i', async (body, status, message) => {
    const { body: answer } = await http().put(`/api/users/${bob.sub}`).set(bob.authorization).send(body).expect(status);
    expect(answer.message).toContain(message);
  });
});
