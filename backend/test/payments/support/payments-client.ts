import request from 'supertest';
import Stripe from 'stripe';
import type { SignedInUser } from '../../support/identity-client';
import type { TestApp } from '../../support/test-app';
import { PaymentSecrets } from '../../../src/modules/payments/payment-secrets';

/** The calls a buyer's client makes under /api/stripe, as small helpers. */
export function paymentsClient(testApp: TestApp) {
  const http = () => request(testApp.server);
  return {
    http,
    createCustomer: async (user: SignedInUser, name = 'Cliente de prueba') =>
      (await http().post('/api/stripe/create-customer').set(user.authorization).send({ name, email: user.email }).expect(201)).body.customerId as string,
    addCard: (user: SignedInUser, customerID: string, paymentMethodID: string) =>
      http().post('/api/stripe/add-card').set(user.authorization).send({ customerID, paymentMethodID }),
    subscribe: (user: SignedInUser, customerID: string, priceID: string, idempotencyKey?: string) => {
      const call = http().post('/api/stripe/create-subscription').set(user.authorization);
      if (idempotencyKey) call.set('Idempotency-Key', idempotencyKey);
      return call.send({ customerID, priceID });
    },
    transition: (user: SignedInUser, action: 'pause' | 'resume' | 'cancel', subscriptionID: string) =>
      http().post(`/api/stripe/${action}-subscription`).set(user.authorization).send({ subscriptionID }),
    /** A paid agent of `owner`'s, public, with its gateway price (and any other field of the agent's body). */
    paidAgent: async (owner: SignedInUser, name: string, price: number, fields: Record<string, unknown> = {}) => {
      const { body } = await http()
        .post('/api/agents')
        .set(owner.authorization)
        .send({ name, category: 'finance', description: `${name}: finanzas`, price, isPublic: true, prompt: `Eres ${name}.`, ...fields })
        .expect(201);
      return body as { id: string; priceId: string | null; price: number };
    },
    /** Opens a conversation with the agent and sends one chat turn; answers the HTTP response. */
    chat: async (user: SignedInUser, agentId: string) => {
      const { body: conversation } = await http().post('/api/conversations').set(user.authorization).send({ metadata: { agentId } }).expect(201);
      return http().post('/api/bedrock/agents/chat').set(user.authorization).send({ conversationId: conversation.id, message: 'Hola' });
    },
  };
}

/**
 * Signs Stripe-format events as Stripe does (the SDK's own test helper) with the install's demo
 * webhook secret, and posts them to the webhook.
 */
export async function webhookSender(testApp: TestApp) {
  const demoSecret = await testApp.app.get(PaymentSecrets).demoWebhookSecret();
  const sign = (event: object, options: { timestamp?: number; secret?: string } = {}) => {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? demoSecret, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
    return { payload, header };
  };
  return {
    sign,
    post: (event: object, options: { timestamp?: number; secret?: string } = {}) => {
      const { payload, header } = sign(event, options);
      return request(testApp.server).post('/api/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload);
    },
  };
}

let sequence = 0;

/** A customer.subscription.* event about a stored subscription, at `created` (seconds). */
export function subscriptionEvent(
  type: string,
  subscription: { id: string; customer: string; price: string; status: string; metadata?: Record<string, string> },
  created: number,
) {
  sequence += 1;
  return {
    id: `evt_test_${Date.now()}_${sequence}`,
    object: 'event',
    type,
    created,
    data: {
      object: {
        id: subscription.id,
        object: 'subscription',
        customer: subscription.customer,
        status: subscription.status,
        created: created - 60,
        canceled_at: subscription.status === 'canceled' ? created : null,
        metadata: subscription.metadata ?? {},
        items: { data: [{ id: 'si_1', price: { id: subscription.price }, current_period_end: created + 30 * 86400 }] },
      },
    },
  };
}

export function invoiceEvent(type: 'invoice.paid' | 'invoice.payment_failed', subscriptionId: string, customer: string, created: number) {
  sequence += 1;
  return {
    id: `evt_test_${Date.now()}_${sequence}`,
    object: 'event',
    type,
    created,
    data: { object: { id: `in_${sequence}`, object: 'invoice', customer, subscription: subscriptionId } },
  };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
