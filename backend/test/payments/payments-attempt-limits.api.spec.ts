import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../src/modules/payments/gateway/payment-gateway';
import { Subscription } from '../../src/modules/subscriptions/entities/subscription.entity';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { paymentsClient } from './support/payments-client';

jest.setTimeout(120_000);

const CARDS = 'Has intentado añadir demasiadas tarjetas en poco tiempo.';
const SUBSCRIBE = 'Has intentado suscribirte demasiadas veces en poco tiempo.';

/** A 429 with the Spanish text, the wait in words (ten minutes) and the same wait in Retry-After. */
function expectRefused(response: Response, text: string): void {
  expect(response.status).toBe(429);
  expect(response.body.message).toMatch(new RegExp(`^${text} Vuelve a intentarlo dentro de (10|9) minutos\\.$`));
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(540);
  expect(retryAfter).toBeLessThanOrEqual(600);
}

/** Card-testing protection on POST /api/stripe/add-card and /api/stripe/create-subscription (issue 14). */
describe('payment attempts are limited per user and per address', () => {
  let testApp: TestApp;
  let client: ReturnType<typeof paymentsClient>;
  let gateway: PaymentGateway;

  beforeEach(async () => {
    // A fresh app each time: the counters (process memory here) start at zero.
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]]);
    client = paymentsClient(testApp);
    gateway = testApp.app.get(PAYMENT_GATEWAY);
  });

  afterEach(() => testApp.close());

  async function customerOf(email: string): Promise<{ user: SignedInUser; customerId: string }> {
    const user = await signUpAndSignIn(testApp, email);
    return { user, customerId: await client.createCustomer(user) };
  }

  it('stops a user trying cards after 10 in ten minutes (even a good card then), for that user only', async () => {
    const { user, customerId } = await customerOf('probadora@example.com');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await client.addCard(user, customerId, attempt % 2 ? 'pm_card_chargeDeclined' : 'pm_card_insufficientFunds').expect(402);
    }
    expectRefused(await client.addCard(user, customerId, 'pm_card_visa'), CARDS);
    expect(await gateway.listCards(customerId)).toEqual([]);

    const { user: other, customerId: otherCustomer } = await customerOf('honrada@example.com');
    await client.addCard(other, otherCustomer, 'pm_card_visa').expect(201);
  });

  it('stops one address after 30 card attempts in ten minutes, whichever users make them', async () => {
    const users = await Promise.all(['a', 'b', 'c', 'd'].map((name) => customerOf(`${name}@example.com`)));
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const { user, customerId } = users[attempt % 3];
      await client.addCard(user, customerId, 'pm_card_chargeDeclined').expect(402);
    }
    const fresh = users[3];
    expectRefused(await client.addCard(fresh.user, fresh.customerId, 'pm_card_visa'), CARDS);
  });

  it('stops a user subscribing after 30 attempts in ten minutes, nothing subscribed by the refused one', async () => {
    const creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    const agent = await client.paidAgent(creator, 'Asesor Fiscal', 9);
    const { user, customerId } = await customerOf('sin-tarjeta@example.com');
    // No card yet: every attempt is a 402 'Añade una tarjeta…'.
    for (let attempt = 0; attempt < 30; attempt += 1) await client.subscribe(user, customerId, agent.priceId as string).expect(402);
    await client.addCard(user, customerId, 'pm_card_visa').expect(201);
    expectRefused(await client.subscribe(user, customerId, agent.priceId as string), SUBSCRIBE);
    expect(await testApp.app.get(DataSource).getRepository(Subscription).countBy({ userSub: user.sub })).toBe(0);
  });
});
