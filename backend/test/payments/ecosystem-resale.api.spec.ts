import { ModelGateway } from '../../src/modules/models/model-gateway';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { startStripeFake, stripeFakeEnv, type StripeFake } from '../fakes/stripe-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { paymentsClient } from './support/payments-client';

jest.setTimeout(60_000);

const NOT_FOR_RESALE = "Un ecosistema de pago solo puede incluir agentes de pago de otros creadores si estos lo permiten ('Se puede incluir en ecosistemas')";

/**
 * Issue 29, finding 1: anyone could resell another creator's 500 € agent in a 1-cent bundle. A
 * user's ecosystem that is sold may include another creator's paid agent only with that creator's
 * consent, and never for less than the creators' minimums; withdrawing consent takes the bundle
 * off sale. The same on both gateways.
 */
describe.each([
  ['the demo gateway', false],
  ['Stripe (the fake, through the stripe SDK)', true],
])('bundles of other creators’ paid agents, with %s (issue 29)', (_gateway, withStripe) => {
  let stripe: StripeFake | undefined;
  let testApp: TestApp;
  let client: ReturnType<typeof paymentsClient>;
  let creator: SignedInUser;
  let reseller: SignedInUser;
  let buyer: SignedInUser;
  let admin: SignedInUser;
  let expensive: { id: string; priceId: string | null };
  const http = () => client.http();
  const ecosystem = (owner: SignedInUser, body: object) => http().post('/api/ecosystems').set(owner.authorization).send({ isPublic: true, discount: 0, ...body });
  const saveAgent = (owner: SignedInUser, id: string, fields: object) =>
    http().post('/api/agents').set(owner.authorization).send({ id, name: 'Asesor Premium', category: 'finance', description: 'Asesor Premium: finanzas', ...fields });
  const marketplaceIds = async () => ((await http().get('/api/marketplace/ecosystems').expect(200)).body.items as { id: string }[]).map((item) => item.id);
  const customerOf = async (user: SignedInUser) => {
    const customerId = await client.createCustomer(user);
    await client.addCard(user, customerId, 'pm_card_visa').expect(201);
    return customerId;
  };

  beforeAll(async () => {
    const env = { ADMIN_EMAILS: 'jefa@example.com' };
    if (withStripe) stripe = await startStripeFake();
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], stripe ? stripeFakeEnv(stripe, 'whsec_test_fake', env) : env);
    client = paymentsClient(testApp);
    creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    reseller = await signUpAndSignIn(testApp, 'revendedor@example.com');
    buyer = await signUpAndSignIn(testApp, 'cliente@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    expensive = await client.paidAgent(creator, 'Asesor Premium', 500);
  });

  afterAll(async () => {
    await testApp.close();
    await stripe?.close();
  });

  it("refuses a public 1-cent ecosystem of another creator's 500 € agent: nothing is listed, nobody chats with it for a cent", async () => {
    const { body } = await ecosystem(reseller, { name: 'Ganga', agentIds: [expensive.id], price: 0.01 }).expect(403);
    expect(body.message).toBe(`${NOT_FOR_RESALE}: ${expensive.id}`);
    expect((await http().get('/api/marketplace/ecosystems').expect(200)).body.items.filter((item: { name: string }) => item.name === 'Ganga')).toEqual([]);
    expect((await client.chat(buyer, expensive.id)).status).not.toBe(200);
  });

  it("refuses it private too (its owner could buy it for a cent) and under any discount that leaves a price", async () => {
    await ecosystem(reseller, { name: 'Ganga privada', agentIds: [expensive.id], price: 0.01, isPublic: false }).expect(403);
    await ecosystem(reseller, { name: 'Ganga rebajada', agentIds: [expensive.id], price: 600, discount: 99.99 }).expect(403);
  });

  it("allows a free ecosystem of it (it sells nothing: each paid agent still needs its own subscription), one's own paid agents at any price, and an admin's bundle", async () => {
    await ecosystem(reseller, { name: 'Favoritos', agentIds: [expensive.id] }).expect(201);
    const own = await client.paidAgent(reseller, 'Propio', 90);
    await ecosystem(reseller, { name: 'Lo mío', agentIds: [own.id], price: 0.5 }).expect(201);
    const platform = (await ecosystem(admin, { name: 'Plataforma', agentIds: [expensive.id], price: 1 }).expect(201)).body;
    expect(platform).toMatchObject({ createdBy: 'admin', priceId: expect.any(String) });
  });

  it("sells it once its creator allows it, never for less than the creator's minimum, and the buyer chats with it", async () => {
    const consent = await saveAgent(creator, expensive.id, { price: 500, ecosystemInclusionAllowed: true, ecosystemMinimumPrice: 120 }).expect(200);
    expect(consent.body).toMatchObject({ ecosystemInclusionAllowed: true, ecosystemMinimumPrice: 120 });
    const below = await ecosystem(reseller, { name: 'Barato', agentIds: [expensive.id], price: 150, discount: 25 }).expect(400);
    expect(below.body.message).toBe(
      'El precio mensual del ecosistema (112,50 €, con el descuento) no puede ser menor que lo que se debe a los creadores de sus agentes (120,00 € al mes).',
    );
    const bundle = (await ecosystem(reseller, { name: 'Oficina premium', agentIds: [expensive.id], price: 150, discount: 20 }).expect(201)).body;
    expect(bundle).toMatchObject({ price: 150, discount: 20, priceId: expect.any(String), isPublic: true });
    expect(await marketplaceIds()).toContain(bundle.id);
    const { body } = await client.subscribe(buyer, await customerOf(buyer), bundle.priceId).expect(201);
    expect(body.subscription).toMatchObject({ isBundle: true, price: 120, agents: [expensive.id] });
    expect((await client.chat(buyer, expensive.id)).status).toBe(200);
  });

  it('takes a bundle off sale when its creator raises the minimum above its price or withdraws consent; its subscribers keep what they paid for', async () => {
    const first = (await ecosystem(reseller, { name: 'Despacho', agentIds: [expensive.id], price: 130 }).expect(201)).body;
    const second = (await ecosystem(reseller, { name: 'Despacho grande', agentIds: [expensive.id], price: 400 }).expect(201)).body;
    const earlyBuyer = await signUpAndSignIn(testApp, `temprana-${withStripe ? 'stripe' : 'demo'}@example.com`);
    const earlyCustomer = await customerOf(earlyBuyer);
    await client.subscribe(earlyBuyer, earlyCustomer, first.priceId).expect(201);

    await saveAgent(creator, expensive.id, { price: 500, ecosystemInclusionAllowed: true, ecosystemMinimumPrice: 200 }).expect(200);
    const withdrawn = (await http().get(`/api/ecosystems/${first.id}`).set(reseller.authorization).expect(200)).body;
    expect(withdrawn).toMatchObject({ isPublic: false, price: 0, priceId: null });
    expect(await marketplaceIds()).not.toContain(first.id);
    expect(await marketplaceIds()).toContain(second.id);
    const late = await signUpAndSignIn(testApp, `tardia-${withStripe ? 'stripe' : 'demo'}@example.com`);
    const lateCustomer = await customerOf(late);
    await client.subscribe(late, lateCustomer, first.priceId).expect((response) => expect(response.status).toBeGreaterThanOrEqual(400));
    expect((await client.chat(earlyBuyer, expensive.id)).status).toBe(200);

    await saveAgent(creator, expensive.id, { price: 500, ecosystemInclusionAllowed: false }).expect(200);
    expect(await marketplaceIds()).not.toContain(second.id);
    await client.subscribe(late, lateCustomer, second.priceId).expect((response) => expect(response.status).toBeGreaterThanOrEqual(400));
    await http().get(`/api/ecosystems/${second.id}`).expect(404);
  });

  it('applies the rule to a free agent its creator starts charging for', async () => {
    const { body: free } = await http()
      .post('/api/agents')
      .set(creator.authorization)
      .send({ name: 'Gratis', category: 'finance', description: 'Gratis: finanzas', isPublic: true, prompt: 'Eres Gratis.' })
      .expect(201);
    const bundle = (await ecosystem(reseller, { name: 'Con gratis', agentIds: [free.id], price: 3 }).expect(201)).body;
    await saveAgent(creator, free.id, { name: 'Gratis', price: 50 }).expect(200);
    expect((await http().get(`/api/ecosystems/${bundle.id}`).set(reseller.authorization).expect(200)).body).toMatchObject({ isPublic: false, priceId: null });
  });
});
