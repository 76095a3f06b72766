import type { SignedInUser } from '../../support/identity-client';
import type { TestApp } from '../../support/test-app';
import { paymentsClient } from '../support/payments-client';

/** The calls a creator and a bundle buyer make for 'Mis ingresos', on top of the payments client. */
export function payoutsClient(testApp: TestApp) {
  const client = paymentsClient(testApp);
  const http = client.http;
  return {
    ...client,
    onboard: (user: SignedInUser) => http().post('/api/stripe/connect/onboarding').set(user.authorization).send(),
    account: (user: SignedInUser) => http().get('/api/stripe/connect/account').set(user.authorization),
    earnings: (user: SignedInUser, query = '') => http().get(`/api/stripe/earnings${query}`).set(user.authorization),
    /** A buyer with a customer and a working card. */
    buyer: async (user: SignedInUser) => {
      const customerId = await client.createCustomer(user);
      await client.addCard(user, customerId, 'pm_card_visa').expect(201);
      return customerId;
    },
    /** An ecosystem of `owner`'s selling the agents as a bundle. */
    bundle: async (owner: SignedInUser, name: string, agentIds: string[], price: number) => {
      const { body } = await http().post('/api/ecosystems').set(owner.authorization).send({ name, agentIds, price, discount: 0, isPublic: true }).expect(201);
      return body as { id: string; priceId: string };
    },
    /** One chat turn with the agent inside the bundle's conversation. */
    chatInBundle: async (user: SignedInUser, conversationId: string, agentId: string) =>
      http().post('/api/bedrock/agents/chat').set(user.authorization).send({ conversationId, agentId, message: 'Hola' }).expect(200),
    bundleConversation: async (user: SignedInUser, ecosystemId: string) =>
      (await http().post('/api/conversations').set(user.authorization).send({ metadata: { isEcosystemChat: true, ecosystemId } }).expect(201)).body.id as string,
  };
}

/** This month, as the ledger names it. */
export const thisMonth = () => new Date().toISOString().slice(0, 7);
