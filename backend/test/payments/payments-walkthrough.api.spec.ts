import { DataSource, Repository } from 'typeorm';
import { Agent } from '../../src/modules/agents/entities/agent.entity';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { PriceBackfill } from '../../src/modules/payments/price-backfill';
import { PaymentSecret } from '../../src/modules/payments/entities/payment-secret.entity';
import { PaymentSecrets } from '../../src/modules/payments/payment-secrets';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../src/modules/payments/gateway/payment-gateway';
import { Subscription } from '../../src/modules/subscriptions/entities/subscription.entity';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { paymentsClient } from './support/payments-client';

jest.setTimeout(60_000);

describe('payments in demo mode: a buyer subscribes to a paid agent (issue 14)', () => {
  let testApp: TestApp;
  let client: ReturnType<typeof paymentsClient>;
  let creator: SignedInUser;
  let buyer: SignedInUser;
  let other: SignedInUser;
  let admin: SignedInUser;
  let agent: { id: string; priceId: string | null; price: number };
  let subscriptions: Repository<Subscription>;
  let gateway: PaymentGateway;
  const http = () => client.http();

  beforeAll(async () => {
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], { ADMIN_EMAILS: 'jefa@example.com' });
    client = paymentsClient(testApp);
    creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    buyer = await signUpAndSignIn(testApp, 'cliente@example.com', undefined, 'Cliente Compradora');
    other = await signUpAndSignIn(testApp, 'otra@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    agent = await client.paidAgent(creator, 'Asesor Fiscal', 19.99);
    subscriptions = testApp.app.get(DataSource).getRepository(Subscription);
    gateway = testApp.app.get(PAYMENT_GATEWAY);
  });

  afterAll(() => testApp.close());

  it('says which gateway runs and in which currency (GET /api/config)', async () => {
    const { body } = await http().get('/api/config').expect(200);
    expect(body.payments).toEqual({ provider: 'demo', publishableKey: null, currency: 'eur' });
  });

  it('gives a paid agent a monthly price in the gateway, and a free one none', async () => {
    expect(agent.priceId).toMatch(/^price_/);
    const free = await client.paidAgent(creator, 'Asesor Gratuito', 0);
    expect(free.priceId).toBeNull();
    const { body } = await http().get(`/api/agents/${agent.id}`).expect(200);
    expect(body.priceId).toBe(agent.priceId);
  });

  it('walks through: customer, card, subscribe, chat, pause (409), resume, cancel at the period end, an admin cancels at once (403)', async () => {
    const customerId = await client.createCustomer(buyer, 'Cliente Compradora');
    expect(customerId).toMatch(/^cus_/);
    // One customer per user: asking again answers the same one.
    expect(await client.createCustomer(buyer, 'Otro nombre')).toBe(customerId);

    const setup = await http().post('/api/stripe/create-setup-intent').set(buyer.authorization).send({ customerId }).expect(201);
    expect(setup.body.clientSecret).toEqual(expect.any(String));

    const card = await client.addCard(buyer, customerId, 'pm_card_visa').expect(201);
    expect(card.body).toMatchObject({ brand: 'visa', last4: '4242' });
    const methods = await http().get('/api/stripe/all-methods-payment').set(buyer.authorization).expect(200);
    expect(methods.body.paymentMethods).toHaveLength(1);
    const byDefault = await http().get('/api/stripe/default-payment-method').set(buyer.authorization).expect(200);
    expect(byDefault.body.paymentMethod).toMatchObject({ id: card.body.id, isDefault: true });

    expect((await client.chat(buyer, agent.id)).status).toBe(403);

    const subscribed = await client.subscribe(buyer, customerId, agent.priceId as string).expect(201);
    const subscription = subscribed.body.subscription;
    expect(subscription).toMatchObject({
      status: 'active',
      isBundle: false,
      agentId: agent.id,
      priceId: agent.priceId,
      price: 19.99,
      userId: buyer.sub,
      customerId,
      canceled_at: null,
      user: { name: 'Cliente Compradora', email: 'cliente@example.com' },
      products: [{ name: 'Asesor Fiscal', description: 'Asesor Fiscal: finanzas', price: 19.99, quantity: 1 }],
    });
    expect((await client.chat(buyer, agent.id)).status).toBe(200);

    const stored = await http().get(`/api/stripe-user-subscriptions/${buyer.sub}/${agent.id}`).set(buyer.authorization).expect(200);
    expect(stored.body).toMatchObject({ success: true, data: { subscriptionId: subscription.subscriptionId, status: 'active' } });
    const listed = await http().get(`/api/stripe/list-subscriptions/${customerId}`).set(buyer.authorization).expect(200);
    expect(listed.body.subscriptions.map((row: { subscriptionId: string }) => row.subscriptionId)).toEqual([subscription.subscriptionId]);

    const paused = await client.transition(buyer, 'pause', subscription.subscriptionId).expect(200);
    expect(paused.body.subscription.status).toBe('paused');
    const refused = await client.chat(buyer, agent.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'SubscriptionPaused', message: 'Suscripción Pausada' });
    await client.transition(buyer, 'pause', subscription.subscriptionId).expect(409);

    const resumed = await client.transition(buyer, 'resume', subscription.subscriptionId).expect(200);
    expect(resumed.body.subscription.status).toBe('active');
    expect((await client.chat(buyer, agent.id)).status).toBe(200);

    // The subscriber's cancel takes effect when the paid period ends (issue 31): still active until then.
    const ending = await client.transition(buyer, 'cancel', subscription.subscriptionId).expect(200);
    expect(ending.body.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, canceled_at: null });
    expect((await client.chat(buyer, agent.id)).status).toBe(200);

    // An admin cancels at once.
    const cancelled = await http()
      .post('/api/stripe/cancel-subscription')
      .set(admin.authorization)
      .send({ subscriptionID: subscription.subscriptionId, immediately: true })
      .expect(200);
    expect(cancelled.body.subscription).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: false, canceled_at: expect.any(String) });
    expect(cancelled.body.subscription.finishedAt).toBe(cancelled.body.subscription.canceled_at);
    const after = await client.chat(buyer, agent.id);
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('SubscriptionRequired');

    const all = await http().get(`/api/stripe-user-subscriptions/susbscription/user/${buyer.sub}`).set(buyer.authorization).expect(200);
    expect(all.body).toMatchObject({ success: true, data: [{ subscriptionId: subscription.subscriptionId, status: 'cancelled' }] });
  });

  it('declines pm_card_chargeDeclined with 402 and a Spanish message, saving nothing; without a card nothing is subscribed', async () => {
    const user = await signUpAndSignIn(testApp, 'rechazada@example.com');
    const customerId = await client.createCustomer(user);
    const declined = await client.addCard(user, customerId, 'pm_card_chargeDeclined').expect(402);
    expect(declined.body.message).toBe('La tarjeta ha sido rechazada. Prueba con otra tarjeta.');
    const funds = await client.addCard(user, customerId, 'pm_card_insufficientFunds').expect(402);
    expect(funds.body.message).toBe('La tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.');
    expect((await http().get('/api/stripe/all-methods-payment').set(user.authorization).expect(200)).body).toEqual({ paymentMethods: [], defaultPaymentMethodId: null });

    const noCard = await client.subscribe(user, customerId, agent.priceId as string).expect(402);
    expect(noCard.body.message).toBe('Añade una tarjeta antes de suscribirte.');
    expect(await subscriptions.countBy({ userSub: user.sub })).toBe(0);
    expect((await client.chat(user, agent.id)).status).toBe(403);
  });

  it('answers a retried create-subscription (same Idempotency-Key) with the same subscription, and refuses a second one', async () => {
    const user = await signUpAndSignIn(testApp, 'repetida@example.com');
    const customerId = await client.createCustomer(user);
    await client.addCard(user, customerId, 'pm_card_mastercard').expect(201);
    const first = await client.subscribe(user, customerId, agent.priceId as string, 'clave-de-prueba-1').expect(201);
    const again = await client.subscribe(user, customerId, agent.priceId as string, 'clave-de-prueba-1').expect(201);
    expect(again.body.subscription.subscriptionId).toBe(first.body.subscription.subscriptionId);
    expect(await subscriptions.countBy({ userSub: user.sub })).toBe(1);
    const duplicate = await client.subscribe(user, customerId, agent.priceId as string, 'clave-de-prueba-2').expect(409);
    expect(duplicate.body.message).toBe('Ya tienes una suscripción a este agente o ecosistema');
  });

  it("leaves the store unchanged and answers 'Error al actualizar la suscripción' when the gateway fails", async () => {
    const user = await signUpAndSignIn(testApp, 'caida@example.com');
    const customerId = await client.createCustomer(user);
    await client.addCard(user, customerId, 'pm_card_visa').expect(201);
    const { subscriptionId } = (await client.subscribe(user, customerId, agent.priceId as string).expect(201)).body.subscription;
    const before = await subscriptions.findOneByOrFail({ subscriptionId });

    for (const [action, method] of [['pause', 'pauseSubscription'], ['cancel', 'cancelSubscription']] as const) {
      const spy = jest.spyOn(gateway, method).mockRejectedValueOnce(new Error('La pasarela no responde'));
      const failed = await client.transition(user, action, subscriptionId).expect(502);
      expect(failed.body.message).toBe('Error al actualizar la suscripción');
      spy.mockRestore();
      const row = await subscriptions.findOneByOrFail({ subscriptionId });
      expect({ status: row.status, finishedAt: row.finishedAt, updatedAt: row.updatedAt }).toEqual({
        status: before.status,
        finishedAt: before.finishedAt,
        updatedAt: before.updatedAt,
      });
    }
    expect((await client.chat(user, agent.id)).status).toBe(200);
  });

  describe('another user', () => {
    let customerId: string;
    let subscriptionId: string;
    let paymentMethodId: string;

    beforeAll(async () => {
      const user = await signUpAndSignIn(testApp, 'duena@example.com');
      customerId = await client.createCustomer(user);
      paymentMethodId = (await client.addCard(user, customerId, 'pm_card_visa').expect(201)).body.id;
      subscriptionId = (await client.subscribe(user, customerId, agent.priceId as string).expect(201)).body.subscription.subscriptionId;
      await client.createCustomer(other);
      await client.addCard(other, await client.createCustomer(other), 'pm_card_visa').expect(201);
    });

    it("may not use the owner's customer, card or subscription (403), and changes nothing", async () => {
      await http().post('/api/stripe/create-setup-intent').set(other.authorization).send({ customerId }).expect(403);
      await client.addCard(other, customerId, 'pm_card_mastercard').expect(403);
      await http().get(`/api/stripe/list-subscriptions/${customerId}`).set(other.authorization).expect(403);
      await client.subscribe(other, customerId, agent.priceId as string).expect(403);
      for (const action of ['pause', 'resume', 'cancel'] as const) await client.transition(other, action, subscriptionId).expect(403);
      await http().post('/api/stripe/set-default-payment-method').set(other.authorization).send({ paymentMethodID: paymentMethodId }).expect(403);
      await http().post('/api/stripe/delete-payment-method').set(other.authorization).send({ paymentMethodID: paymentMethodId }).expect(403);
      await http().post('/api/stripe/change-subscription-plan').set(other.authorization).send({ subscriptionID: subscriptionId, priceID: agent.priceId }).expect(403);
      await http().post('/api/stripe-user-subscriptions/update').set(other.authorization).send({ subscriptionId }).expect(403);
      expect((await subscriptions.findOneByOrFail({ subscriptionId })).status).toBe('active');
    });

    it('sees only their own cards', async () => {
      const { body } = await http().get('/api/stripe/all-methods-payment').set(other.authorization).expect(200);
      expect(body.paymentMethods.map((card: { id: string }) => card.id)).not.toContain(paymentMethodId);
    });

    it("lets an admin list another user's subscriptions", async () => {
      const { body } = await http().get(`/api/stripe/list-subscriptions/${customerId}`).set(admin.authorization).expect(200);
      expect(body.subscriptions).toHaveLength(1);
    });

    it('may not read the stored subscriptions of another user (403)', async () => {
      const owner = (await subscriptions.findOneByOrFail({ subscriptionId })).userSub;
      for (const path of [`${owner}/${agent.id}`, `subscriptions/user/${owner}/${agent.id}`, `bundle/agent/${owner}/${agent.id}`, `susbscription/user/${owner}`]) {
        await http().get(`/api/stripe-user-subscriptions/${path}`).set(other.authorization).expect(403);
        await http().get(`/api/stripe-user-subscriptions/${path}`).set(admin.authorization).expect(200);
        await http().get(`/api/stripe-user-subscriptions/${path}`).expect(401);
      }
    });
  });

  describe('stored subscriptions (/stripe-user-subscriptions)', () => {
    it("answers 400 'Nombre de usuario o ID de agente no proporcionados' when the user or agent is missing", async () => {
      for (const path of [`${buyer.sub}/undefined`, `subscriptions/user/${buyer.sub}/%20`, `bundle/agent/${buyer.sub}/null`]) {
        const { body } = await http().get(`/api/stripe-user-subscriptions/${path}`).set(buyer.authorization).expect(400);
        expect(body.message).toBe('Nombre de usuario o ID de agente no proporcionados');
      }
    });

    it("answers success false with 'No se encontró suscripción bundle' when no bundle covers the agent", async () => {
      const { body } = await http().get(`/api/stripe-user-subscriptions/bundle/agent/${buyer.sub}/${agent.id}`).set(buyer.authorization).expect(200);
      expect(body).toEqual({ success: false, data: null, message: 'No se encontró suscripción bundle' });
    });

    it('create and update store what the gateway says, not what the client says', async () => {
      const user = await signUpAndSignIn(testApp, 'sincroniza@example.com');
      const customerId = await client.createCustomer(user);
      await client.addCard(user, customerId, 'pm_card_visa').expect(201);
      const { subscriptionId } = (await client.subscribe(user, customerId, agent.priceId as string).expect(201)).body.subscription;
      await gateway.pauseSubscription(subscriptionId);
      const { body } = await http().post('/api/stripe-user-subscriptions/update').set(user.authorization).send({ subscriptionId }).expect(200);
      expect(body).toMatchObject({ success: true, data: { subscriptionId, status: 'paused', agentId: agent.id } });
      await subscriptions.delete({ subscriptionId });
      const created = await http().post('/api/stripe-user-subscriptions/create').set(user.authorization).send({ subscriptionId }).expect(200);
      expect(created.body).toMatchObject({ success: true, data: { subscriptionId, status: 'paused', agentId: agent.id, priceId: agent.priceId, price: 19.99 } });
      await http().post('/api/stripe-user-subscriptions/create').set(user.authorization).send({ subscriptionId: 'sub_no_existe' }).expect(404);
    });
  });

  describe('prices and plans', () => {
    it('gives a changed price a new gateway price; the existing subscriber keeps the old one, which is no longer sold', async () => {
      const priced = await client.paidAgent(creator, 'Asesor Laboral', 10);
      const user = await signUpAndSignIn(testApp, 'antigua@example.com');
      const customerId = await client.createCustomer(user);
      await client.addCard(user, customerId, 'pm_card_visa').expect(201);
      const { subscriptionId } = (await client.subscribe(user, customerId, priced.priceId as string).expect(201)).body.subscription;

      const { body: updated } = await http()
        .post('/api/agents')
        .set(creator.authorization)
        .send({ id: priced.id, name: 'Asesor Laboral', category: 'finance', description: 'Asesor Laboral: finanzas', price: 12.5 })
        .expect(200);
      expect(updated.priceId).toMatch(/^price_/);
      expect(updated.priceId).not.toBe(priced.priceId);
      // Saving without a price change keeps the price.
      const { body: same } = await http()
        .post('/api/agents')
        .set(creator.authorization)
        .send({ id: priced.id, name: 'Asesor Laboral', category: 'finance', description: 'Otra descripción' })
        .expect(200);
      expect(same.priceId).toBe(updated.priceId);

      expect(await subscriptions.findOneByOrFail({ subscriptionId })).toMatchObject({ priceId: priced.priceId, price: 10 });
      const newcomer = await signUpAndSignIn(testApp, 'nueva@example.com');
      const newcomerCustomer = await client.createCustomer(newcomer);
      await client.addCard(newcomer, newcomerCustomer, 'pm_card_visa').expect(201);
      await client.subscribe(newcomer, newcomerCustomer, priced.priceId as string).expect(404);
      const current = await client.subscribe(newcomer, newcomerCustomer, updated.priceId).expect(201);
      expect(current.body.subscription).toMatchObject({ priceId: updated.priceId, price: 12.5 });
    });

    it('saves the agent but stops selling it when the gateway cannot make the new price', async () => {
      const priced = await client.paidAgent(creator, 'Asesor Mercantil', 8);
      const spy = jest.spyOn(gateway, 'createMonthlyPrice').mockRejectedValueOnce(new Error('La pasarela no responde'));
      const { body } = await http()
        .post('/api/agents')
        .set(creator.authorization)
        .send({ id: priced.id, name: 'Asesor Mercantil', category: 'finance', description: 'Asesor Mercantil: finanzas', price: 9 })
        .expect(200);
      spy.mockRestore();
      expect(body).toMatchObject({ price: 9, priceId: null });
      const user = await signUpAndSignIn(testApp, 'mercantil@example.com');
      const customerId = await client.createCustomer(user);
      await client.addCard(user, customerId, 'pm_card_visa').expect(201);
      const refused = await client.subscribe(user, customerId, priced.priceId as string).expect(404);
      expect(refused.body.message).toBe('Este precio no está a la venta. Vuelve a cargar el agente o el ecosistema para ver su precio actual.');
    });

    it('prices in the background (at start-up, then every ten minutes) the paid agents saved without a price (from before payments, or while the gateway was down)', async () => {
      const priced = await client.paidAgent(creator, 'Asesor Heredado', 6);
      await testApp.app.get(DataSource).getRepository(Agent).update({ id: priced.id }, { priceId: null, productId: null });
      expect((await http().get(`/api/agents/${priced.id}`).expect(200)).body.priceId).toBeNull();
      await testApp.app.get(PriceBackfill).runIfLeader();
      const { body } = await http().get(`/api/agents/${priced.id}`).expect(200);
      expect(body.priceId).toMatch(/^price_/);
      expect(body.priceId).not.toBe(priced.priceId);
    });

    it('sells an ecosystem at its price less its discount, as a bundle of its agents', async () => {
      const second = await client.paidAgent(creator, 'Asesor de Inversiones', 9.99);
      const { body: ecosystem } = await http()
        .post('/api/ecosystems')
        .set(creator.authorization)
        .send({ name: 'Finanzas completas', agentIds: [agent.id, second.id], price: 20, discount: 25, isPublic: true })
        .expect(201);
      expect(ecosystem.priceId).toMatch(/^price_/);
      const user = await signUpAndSignIn(testApp, 'paquete@example.com');
      const customerId = await client.createCustomer(user);
      await client.addCard(user, customerId, 'pm_card_visa').expect(201);
      const { body } = await client.subscribe(user, customerId, ecosystem.priceId).expect(201);
      expect(body.subscription).toMatchObject({ isBundle: true, agentId: null, agents: [agent.id, second.id], price: 15, ecosystemId: ecosystem.id });
      expect((await client.chat(user, second.id)).status).toBe(200);
      const bundle = await http().get(`/api/stripe-user-subscriptions/bundle/agent/${user.sub}/${second.id}`).set(user.authorization).expect(200);
      expect(bundle.body).toMatchObject({ success: true, data: { subscriptionId: body.subscription.subscriptionId, isBundle: true } });
    });

    it("previews a change to the agent's new price with proration, then changes it", async () => {
      const agent = await client.paidAgent(creator, 'Plan Creciente', 5);
      const user = await signUpAndSignIn(testApp, 'cambia@example.com');
      const customerId = await client.createCustomer(user);
      await client.addCard(user, customerId, 'pm_card_visa').expect(201);
      const { subscriptionId } = (await client.subscribe(user, customerId, agent.priceId as string).expect(201)).body.subscription;
      const dear = (
        await http()
          .post('/api/agents')
          .set(creator.authorization)
          .send({ id: agent.id, name: 'Plan Creciente', category: 'finance', description: 'Plan Creciente: finanzas', price: 25 })
          .expect(200)
      ).body;

      const preview = await http()
        .get(`/api/stripe/subscriptions/${subscriptionId}/change-preview`)
        .query({ priceID: dear.priceId })
        .set(user.authorization)
        .expect(200);
      expect(preview.body).toMatchObject({ currency: 'eur', newPrice: 25, currentPrice: 5 });
      expect(preview.body.amountDue).toBeGreaterThan(0);
      expect(preview.body.amountDue).toBeLessThanOrEqual(2000);

      const changed = await http()
        .post('/api/stripe/change-subscription-plan')
        .set(user.authorization)
        .send({ subscriptionID: subscriptionId, priceID: dear.priceId })
        .expect(200);
      expect(changed.body.subscription).toMatchObject({ subscriptionId, priceId: dear.priceId, price: 25, agentId: agent.id, status: 'active' });
      expect((await client.chat(user, agent.id)).status).toBe(200);
    });

    it('lets the creator or an admin sync a product, and nobody else', async () => {
      const priced = await client.paidAgent(creator, 'Asesor Contable', 7);
      const { body } = await http().post('/api/stripe/create-product').set(creator.authorization).send({ agentId: priced.id }).expect(201);
      expect(body).toEqual({ kind: 'agent', id: priced.id, priceId: priced.priceId, price: 7 });
      await http().put('/api/stripe/update-product').set(admin.authorization).send({ agentId: priced.id }).expect(200);
      await http().put('/api/stripe/update-product').set(other.authorization).send({ agentId: priced.id }).expect(403);
      const both = await http().post('/api/stripe/create-product').set(creator.authorization).send({}).expect(400);
      expect(both.body.message).toBe('Indica agentId o ecosystemId (uno de los dos)');
    });
  });

  it('describes every payments route in the OpenAPI document', async () => {
    const { body } = await http().get('/api/docs-json').expect(200);
    const paths = Object.keys(body.paths);
    for (const path of [
      '/api/stripe/create-customer',
      '/api/stripe/create-payment-intent',
      '/api/stripe/create-setup-intent',
      '/api/stripe/add-card',
      '/api/stripe/all-methods-payment',
      '/api/stripe/default-payment-method',
      '/api/stripe/set-default-payment-method',
      '/api/stripe/delete-payment-method',
      '/api/stripe/create-subscription',
      '/api/stripe/list-subscriptions/{customer}',
      '/api/stripe/pause-subscription',
      '/api/stripe/resume-subscription',
      '/api/stripe/cancel-subscription',
      '/api/stripe/subscriptions/{subscriptionId}/change-preview',
      '/api/stripe/change-subscription-plan',
      '/api/stripe/create-product',
      '/api/stripe/update-product',
      '/api/stripe/webhook',
      '/api/stripe-user-subscriptions/{user}/{agent}',
      '/api/stripe-user-subscriptions/subscriptions/user/{user}/{agent}',
      '/api/stripe-user-subscriptions/create',
      '/api/stripe-user-subscriptions/update',
      '/api/stripe-user-subscriptions/bundle/agent/{user}/{agent}',
      '/api/stripe-user-subscriptions/susbscription/user/{user}',
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths).not.toContain('/api/subscriptions/user/{user}/{agent}');
  });

  it('keeps the demo webhook secret in the database, made once per install, and never shows it', async () => {
    const secrets = testApp.app.get(PaymentSecrets);
    const secret = await secrets.demoWebhookSecret();
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const rows = await testApp.app.get(DataSource).getRepository(PaymentSecret).find();
    expect(rows).toEqual([{ id: 'demo-webhook', secret }]);
    const config = await http().get('/api/config').expect(200);
    expect(JSON.stringify(config.body)).not.toContain(secret);
  });

  it('refuses bad input with Spanish 400s', async () => {
    const { body } = await http().post('/api/stripe/create-customer').set(buyer.authorization).send({ name: '', email: 'no-es-correo' }).expect(400);
    expect(JSON.stringify(body.message)).toMatch(/email debe ser una dirección de correo válida/);
    await http().post('/api/stripe/add-card').set(buyer.authorization).send({ customerID: 'cus x', paymentMethodID: 'pm_card_visa' }).expect(400);
    await http().post('/api/stripe/create-subscription').set(buyer.authorization).send({ customerID: 'cus_no_existe', priceID: agent.priceId }).expect(404);
  });
});
