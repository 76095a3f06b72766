import request from 'supertest';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

describe('ecosystems API', () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  let anaPrivateAgent: string;
  const http = () => request(testApp.server);
  const create = (user: SignedInUser, body: object) => http().post('/api/ecosystems').set(user.authorization).send(body);

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com', AVATAR_URL_HOSTS: 'example.com' });
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    anaPrivateAgent = (
      await http()
        .post('/api/agents')
        .set(ana.authorization)
        .send({ name: 'Privado', category: 'legal', description: 'Solo mío' })
        .expect(201)
    ).body.id;
  });

  afterAll(() => testApp.close());

  it('needs a signed-in caller to create', async () => {
    await http().post('/api/ecosystems').send({ name: 'X', agentIds: [] }).expect(401);
  });

  it("applies the spec's defaults: category 'test', private, credited to its maker's public name ('admin' only for an admin's: issue 29)", async () => {
    const anaHandle = (await http().get(`/api/users/registration/${ana.sub}`).set(ana.authorization).expect(200)).body.handle;
    const { body } = await create(ana, { name: '  Equipo legal ', agentIds: ['agente-legal', 'agente-finanzas'] }).expect(201);
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Equipo legal',
      description: '',
      category: 'test',
      agentIds: ['agente-legal', 'agente-finanzas'],
      avatar: null,
      price: 0,
      discount: 0,
      monthlyPrice: 0,
      priceId: null,
      createdBy: anaHandle,
      creatorId: ana.sub,
      isPublic: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      tags: [],
      featured: false,
      popularity: 0,
      rating: 0,
      ratingCount: 0,
    });
    const read = await http().get(`/api/ecosystems/${body.id}`).set(ana.authorization).expect(200);
    expect(read.body).toEqual(body);
    expect((await create(admin, { name: 'De la plataforma', agentIds: [] }).expect(201)).body.createdBy).toBe('admin');
  });

  it.each([
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
  ])('normalises isPublic %j to the boolean %j', async (isPublic, stored) => {
    const { body } = await create(ana, { name: 'Eco', agentIds: ['agente-legal'], isPublic }).expect(201);
    expect(body.isPublic).toBe(stored);
  });

  it('stores every field it is given', async () => {
    const { body } = await create(ana, {
      name: 'Completo',
      description: 'Todo',
      category: 'finance',
      agentIds: ['agente-finanzas'],
      avatar: 'https://example.com/e.png',
      price: 49.5,
      discount: 10,
      createdBy: 'ana@example.com',
      isPublic: true,
      tags: ['pyme', 'finanzas'],
    }).expect(201);
    expect(body).toMatchObject({
      category: 'finance',
      avatar: 'https://example.com/e.png',
      price: 49.5,
      discount: 10,
      createdBy: expect.stringMatching(/^usuario-/),
      isPublic: true,
      tags: ['pyme', 'finanzas'],
    });
  });

  it('answers the monthly price after its discount, to the cent, as it is sold (issue 30: the renderer shows it, not recomputes it)', async () => {
    for (const [price, discount, monthlyPrice] of [
      [120, 25, 90],
      [49.99, 33, 33.49],
      [10, 100, 0],
    ]) {
      const { body } = await create(admin, { name: 'Precio', agentIds: [], price, discount, isPublic: true }).expect(201);
      expect(body).toMatchObject({ price, discount, monthlyPrice });
      expect((await http().get(`/api/ecosystems/${body.id}`).expect(200)).body.monthlyPrice).toBe(monthlyPrice);
    }
  });

  it.each([
    [{ name: 'X', agentIds: [], isPublic: 'quizá' }, 'isPublic debe ser true o false'],
    [{ name: 'X', agentIds: 'agente-legal' }, 'agentIds debe ser una lista de ids de agentes'],
    [{ name: 'X' }, 'agentIds'],
    [{ name: 'X', agentIds: [], price: -3 }, 'price debe ser mayor o igual que 0'],
    [{ name: 'X', agentIds: [], discount: 150 }, 'discount debe estar entre 0 y 100'],
    [{ name: 'X', agentIds: [], owner: 'yo' }, 'owner'],
    [{ agentIds: [] }, 'name'],
  ])('answers bad input %j with 400', async (body, message) => {
    const response = await create(ana, body).expect(400);
    expect(response.body.message).toContain(message);
  });

  it('refuses unknown agents, and agents the caller cannot see', async () => {
    const unknown = await create(ana, { name: 'X', agentIds: ['no-existe'] }).expect(400);
    expect(unknown.body.message).toBe('Agentes no encontrados: no-existe');
    const hidden = await create(bob, { name: 'X', agentIds: [anaPrivateAgent] }).expect(400);
    expect(hidden.body.message).toBe(`Agentes no encontrados: ${anaPrivateAgent}`);
  });

  it("keeps a creator's private agent out of a public ecosystem", async () => {
    await create(ana, { name: 'Mío', agentIds: [anaPrivateAgent] }).expect(201);
    const { body } = await create(ana, { name: 'Para todos', agentIds: [anaPrivateAgent], isPublic: true }).expect(400);
    expect(body.message).toContain('Un ecosistema público solo puede incluir agentes públicos');
  });

  it('refuses crediting someone else, featuring or setting popularity, except for an admin', async () => {
    await create(ana, { name: 'X', agentIds: [], createdBy: 'bob@example.com' }).expect(403);
    await create(ana, { name: 'X', agentIds: [], featured: true }).expect(403);
    await create(ana, { name: 'X', agentIds: [], popularity: 50 }).expect(403);
    const { body } = await create(admin, { name: 'Destacado', agentIds: [], featured: true, popularity: 50, createdBy: 'system', isPublic: true }).expect(201);
    expect(body).toMatchObject({ featured: true, popularity: 50, createdBy: 'system' });
  });

  it('lists only agents that still exist and the caller may see', async () => {
    const agent = (
      await http().post('/api/agents').set(ana.authorization).send({ name: 'Temporal', category: 'hr', description: 'x', isPublic: true }).expect(201)
    ).body.id;
    const { body } = await create(ana, { name: 'Mixto', agentIds: ['agente-legal', agent], isPublic: true }).expect(201);
    expect(body.agentIds).toEqual(['agente-legal', agent]);

    await http().post('/api/agents').set(ana.authorization).send({ id: agent, name: 'Temporal', category: 'hr', description: 'x', isPublic: false }).expect(200);
    expect((await http().get(`/api/ecosystems/${body.id}`).set(bob.authorization).expect(200)).body.agentIds).toEqual(['agente-legal']);
    expect((await http().get(`/api/ecosystems/${body.id}`).set(ana.authorization).expect(200)).body.agentIds).toEqual(['agente-legal', agent]);

    await http().delete(`/api/agents/${agent}`).set(ana.authorization).expect(200);
    expect((await http().get(`/api/ecosystems/${body.id}`).set(ana.authorization).expect(200)).body.agentIds).toEqual(['agente-legal']);
    const market = await http().get('/api/marketplace/ecosystems').query({ search: 'Mixto' }).expect(200);
    expect(market.body.items[0].agentIds).toEqual(['agente-legal']);
  });

  it('shows a private ecosystem only to its creator and admins', async () => {
    const { body } = await create(ana, { name: 'Secreto', agentIds: [] }).expect(201);
    await http().get(`/api/ecosystems/${body.id}`).set(admin.authorization).expect(200);
    const forBob = await http().get(`/api/ecosystems/${body.id}`).set(bob.authorization).expect(404);
    expect(forBob.body.message).toBe('Ecosistema no encontrado');
    await http().get(`/api/ecosystems/${body.id}`).expect(404);

    const ids = (list: Array<{ id: string }>) => list.map((ecosystem) => ecosystem.id);
    expect(ids((await http().get('/api/ecosystems').set(ana.authorization).expect(200)).body)).toContain(body.id);
    expect(ids((await http().get('/api/ecosystems').set(bob.authorization).expect(200)).body)).not.toContain(body.id);
    expect(ids((await http().get('/api/ecosystems?public=true').set(ana.authorization).expect(200)).body)).not.toContain(body.id);
  });
});
