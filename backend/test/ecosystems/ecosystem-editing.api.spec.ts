import { ModelGateway } from '../../src/modules/models/model-gateway';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { startStripeFake, stripeFakeEnv, type StripeFake } from '../fakes/stripe-fake';
import { paymentsClient } from '../payments/support/payments-client';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/**
 * Issue 31, join 1: an ecosystem is edited by its owner from 'Mi Oficina' (PUT /api/ecosystems/{id}):
 * its card, its price and whether it is public, under the rules its creation follows, and never
 * free or private while subscribers pay for it. The same on both gateways.
 */
describe.each([
  ['the demo gateway', false],
  ['Stripe (the fake, through the stripe SDK)', true],
])("an ecosystem's owner edits it, with %s", (_gateway, withStripe) => {
  let stripe: StripeFake | undefined;
  let testApp: TestApp;
  let client: ReturnType<typeof paymentsClient>;
  let owner: SignedInUser;
  let other: SignedInUser;
  let buyer: SignedInUser;
  let admin: SignedInUser;
  let ownAgent: { id: string };
  const http = () => client.http();
  const create = (body: object) =>
    http().post('/api/ecosystems').set(owner.authorization).send({ name: 'Mi equipo', agentIds: [ownAgent.id], ...body }).expect(201);
  const edit = (user: SignedInUser, id: string, body: object) => http().put(`/api/ecosystems/${id}`).set(user.authorization).send(body);
  const listed = async () => (await http().get('/api/marketplace/ecosystems').expect(200)).body.items as Array<{ id: string; name: string; monthlyPrice: number }>;

  beforeAll(async () => {
    const env = { ADMIN_EMAILS: 'jefa@example.com' };
    if (withStripe) stripe = await startStripeFake();
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], stripe ? stripeFakeEnv(stripe, 'whsec_test_fake', env) : env);
    client = paymentsClient(testApp);
    owner = await signUpAndSignIn(testApp, 'duena@example.com');
    other = await signUpAndSignIn(testApp, 'otro@example.com');
    buyer = await signUpAndSignIn(testApp, 'cliente@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    ownAgent = await client.paidAgent(owner, 'Asesora', 10);
  });

  afterAll(async () => {
    await testApp.close();
    await stripe?.close();
  });

  it('renames it, prices it and makes it public: the marketplace lists it at its new price, on a new gateway price', async () => {
    const { body: saved } = await create({});
    expect(saved).toMatchObject({ isPublic: false, price: 0, priceId: null });

    const { body: edited } = await edit(owner, saved.id, { name: 'Equipo de lanzamiento', description: 'Lanza tu producto', price: 20, discount: 10, isPublic: true }).expect(200);
    expect(edited).toMatchObject({ name: 'Equipo de lanzamiento', description: 'Lanza tu producto', price: 20, discount: 10, monthlyPrice: 18, isPublic: true, priceId: expect.any(String) });
    expect(await listed()).toContainEqual(expect.objectContaining({ id: saved.id, name: 'Equipo de lanzamiento', monthlyPrice: 18 }));

    const { body: repriced } = await edit(owner, saved.id, { discount: 0 }).expect(200);
    expect(repriced).toMatchObject({ name: 'Equipo de lanzamiento', monthlyPrice: 20 });
    expect(repriced.priceId).not.toBe(edited.priceId);
  });

  it("lets nobody else edit it (404, as if it did not exist), a visitor not at all (401), and an admin yes", async () => {
    const { body: saved } = await create({ isPublic: true });
    expect((await edit(other, saved.id, { name: 'Robado' }).expect(404)).body.message).toBe('Ecosistema no encontrado');
    await http().put(`/api/ecosystems/${saved.id}`).send({ name: 'Robado' }).expect(401);
    await edit(admin, saved.id, { name: 'Revisado' }).expect(200);
    expect((await http().get(`/api/ecosystems/${saved.id}`).expect(200)).body.name).toBe('Revisado');
  });

  it('refuses what creating it would refuse: a private agent in a public one, a paid agent of another creator who does not allow it, bad values', async () => {
    const privateAgent = (await http().post('/api/agents').set(owner.authorization).send({ name: 'Oculto', category: 'legal', description: 'Oculto: legal' }).expect(201)).body;
    const { body: withPrivate } = await create({ agentIds: [privateAgent.id] });
    expect((await edit(owner, withPrivate.id, { isPublic: true }).expect(400)).body.message).toContain('Un ecosistema público solo puede incluir agentes públicos');

    const foreign = await client.paidAgent(other, 'Ajeno', 50);
    const { body: withForeign } = await create({ agentIds: [foreign.id] });
    await edit(owner, withForeign.id, { price: 5 }).expect(403);
    expect((await http().get(`/api/ecosystems/${withForeign.id}`).set(owner.authorization).expect(200)).body.price).toBe(0);

    for (const bad of [{ price: -1 }, { discount: 101 }, { name: '' }, { agentIds: [] }, { featured: true }]) {
      await edit(owner, withForeign.id, bad).expect(400);
    }
  });

  it('is not made private or free while a subscriber pays for it; a new price is fine and the subscriber keeps chatting', async () => {
    const { body: sold } = await create({ isPublic: true, price: 15 });
    const customerId = await client.createCustomer(buyer);
    await client.addCard(buyer, customerId, 'pm_card_visa').expect(201);
    await client.subscribe(buyer, customerId, sold.priceId).expect(201);

    const { body: refused } = await edit(owner, sold.id, { isPublic: false }).expect(409);
    expect(refused).toMatchObject({ code: 'EcosystemHasSubscribers' });
    expect(refused.message).toBe('No se puede hacer privado este ecosistema mientras tenga suscriptores (1). Podrás hacerlo cuando se hayan cancelado todas sus suscripciones.');
    expect((await edit(owner, sold.id, { price: 0 }).expect(409)).body.message).toContain('No se puede hacer gratuito este ecosistema');
    expect((await edit(owner, sold.id, { discount: 100 }).expect(409)).body.code).toBe('EcosystemHasSubscribers');

    await edit(owner, sold.id, { price: 25 }).expect(200);
    expect((await client.chat(buyer, ownAgent.id)).status).toBe(200);
  });
});
