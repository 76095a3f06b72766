import { DataSource } from 'typeorm';
import { Leases } from '../../src/database/leases/leases';
import { Agent } from '../../src/modules/agents/entities/agent.entity';
import { Ecosystem } from '../../src/modules/ecosystems/entities/ecosystem.entity';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { PriceBackfill } from '../../src/modules/payments/price-backfill';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { startStripeFake, stripeFakeEnv, type StripeFake } from '../fakes/stripe-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { paymentsClient } from './support/payments-client';

jest.setTimeout(60_000);

describe('paid agents and ecosystems saved without a price are priced in the background, by one instance (issue 18)', () => {
  let stripe: StripeFake;
  let testApp: TestApp;
  let client: ReturnType<typeof paymentsClient>;
  let owner: SignedInUser;

  beforeAll(async () => {
    stripe = await startStripeFake();
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], stripeFakeEnv(stripe, 'whsec_test_fake'));
    client = paymentsClient(testApp);
    owner = await signUpAndSignIn(testApp, 'creadora@example.com');
  });

  afterAll(async () => {
    await testApp.close();
    await stripe.close();
  });

  it("gives them their gateway price (as if saved while the gateway was down); free agents stay without one", async () => {
    const paid = await client.paidAgent(owner, 'Contable', 12);
    const { body: free } = await client.http().post('/api/agents').set(owner.authorization)
      .send({ name: 'Gratis', category: 'finance', description: 'Sin precio', isPublic: true, prompt: 'Eres Gratis.' }).expect(201);
    const { body: bundle } = await client.http().post('/api/ecosystems').set(owner.authorization)
      .send({ name: 'Oficina', agentIds: [paid.id], price: 30, discount: 0, isPublic: true }).expect(201);
    const data = testApp.app.get(DataSource);
    await data.getRepository(Agent).update({ id: paid.id }, { priceId: null, productId: null });
    await data.getRepository(Ecosystem).update({ id: bundle.id }, { priceId: null, productId: null });

    expect(await testApp.app.get(PriceBackfill).runIfLeader()).toBe(2);

    const agent = (await client.http().get(`/api/agents/${paid.id}`).set(owner.authorization).expect(200)).body;
    expect(stripe.state.prices.get(agent.priceId)).toMatchObject({ unit_amount: 1200, recurring: { interval: 'month' } });
    const ecosystem = (await client.http().get(`/api/ecosystems/${bundle.id}`).set(owner.authorization).expect(200)).body;
    expect(stripe.state.prices.get(ecosystem.priceId)).toMatchObject({ unit_amount: 3000 });
    expect((await data.getRepository(Agent).findOneByOrFail({ id: free.id })).priceId).toBeNull();
    // Nothing left to price: the next run prices none.
    expect(await testApp.app.get(PriceBackfill).runIfLeader()).toBe(0);
  });

  it('is left to the instance that runs it: another instance in the same period does not take it', async () => {
    await testApp.app.get(PriceBackfill).runIfLeader();
    expect(await testApp.app.get(Leases).take('price-backfill', 60_000, { holder: 'otra-instancia' })).toBe(false);
  });
});
