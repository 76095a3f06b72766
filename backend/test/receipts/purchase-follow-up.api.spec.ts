import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { startStripeFake, stripeFakeEnv, type StripeFake } from '../fakes/stripe-fake';
import { mailsTo } from '../identity/outbox';
import { payoutsClient } from '../payments/payouts/payouts-client';
import { invoiceEvent, nowSeconds, webhookSender } from '../payments/support/payments-client';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';

jest.setTimeout(90_000);

/** The e-mails in the development outbox for an address. */
function mailsFor(testApp: TestApp, email: string): string[] {
  const dir = join(testApp.config.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((file) => file.endsWith(`-${email}.eml`))
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

/** Waits for the receipt (an e-mail holding `text`) to be written whole, and answers it. */
async function receiptFor(testApp: TestApp, email: string, text: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = mailsFor(testApp, email).find((mail) => mail.includes(text) && mail.includes('El equipo de'));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Ningún correo para ${email} dice «${text}»`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Issue 31, join 3: after a purchase, what was bought is in the buyer's team ('Mi Oficina') and a
 * receipt arrives by e-mail; a pause and a resume are no purchase. The same with both gateways.
 */
describe.each(['demo', 'stripe'] as const)('what a purchase leaves behind, %s gateway', (gatewayName) => {
  let stripe: StripeFake | null = null;
  let testApp: TestApp;
  let client: ReturnType<typeof payoutsClient>;
  let creator: SignedInUser;
  let users = 0;
  const http = () => client.http();

  beforeAll(async () => {
    if (gatewayName === 'stripe') stripe = await startStripeFake();
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], stripe ? stripeFakeEnv(stripe, 'whsec_test_fake') : {});
    client = payoutsClient(testApp);
    creator = await signUpAndSignIn(testApp, 'creadora@example.com');
  });

  afterAll(async () => {
    await testApp.close();
    await stripe?.close();
  });

  async function newBuyer() {
    users += 1;
    const user = await signUpAndSignIn(testApp, `comprador-${users}@example.com`);
    return { user, customerId: await client.buyer(user) };
  }

  const teamAgents = async (user: SignedInUser) =>
    ((await http().get(`/api/user-agents/${user.sub}`).set(user.authorization).expect(200)).body as Array<{ agentId: string }>).map((item) => item.agentId);
  const teamEcosystems = async (user: SignedInUser) =>
    ((await http().get(`/api/user-ecosystems/${user.sub}`).set(user.authorization).expect(200)).body as Array<{ ecosystemId: string }>).map(
      (item) => item.ecosystemId,
    );

  it("puts a bought agent in the buyer's team and e-mails the receipt once; a pause and a resume send nothing", async () => {
    const agent = await client.paidAgent(creator, 'Asesora Fiscal', 9.99);
    const { user, customerId } = await newBuyer();
    const before = mailsTo(testApp, user.email);
    expect(await teamAgents(user)).toEqual([]);

    const { subscriptionId } = (await client.subscribe(user, customerId, agent.priceId as string).expect(201)).body.subscription;

    // 'Ir a Mi Oficina' right after the purchase: the agent is there.
    expect(await teamAgents(user)).toEqual([agent.id]);
    const receipt = await receiptFor(testApp, user.email, 'Concepto: Asesora Fiscal');
    expect(mailsTo(testApp, user.email)).toBe(before + 1);
    expect(receipt).toContain('Subject: =?UTF-8?Q?Recibo_de_tu_compra=3A_Asesora_Fiscal');
    expect(receipt).toContain('Concepto: Asesora Fiscal (agente, suscripción mensual)');
    expect(receipt).toContain('Importe: 9,99\u00a0€ al mes');
    expect(receipt).toContain(`Referencia: ${subscriptionId}`);
    // The next charge: when the paid month ends.
    expect(receipt).toMatch(/Próximo cargo: \d{1,2} de \p{L}+ de \d{4}/u);
    expect(receipt).toContain('/mi-perfil?tab=SUBSCRIPTION');

    await client.transition(user, 'pause', subscriptionId).expect(200);
    await client.transition(user, 'resume', subscriptionId).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(testApp, user.email)).toBe(before + 1);
    expect(await teamAgents(user)).toEqual([agent.id]);
  });

  it("puts a bought pack (the ecosystem and its agents) in the buyer's team, beside what was there", async () => {
    const first = await client.paidAgent(creator, 'Gestora de Nóminas', 5);
    const second = await client.paidAgent(creator, 'Analista de Costes', 7);
    const pack = await client.bundle(creator, 'Pack Pymes', [first.id, second.id], 20);
    const { user, customerId } = await newBuyer();
    await http().post(`/api/user-agents/${user.sub}`).set(user.authorization).send({ agentId: first.id }).expect(201);
    const before = mailsTo(testApp, user.email);

    await client.subscribe(user, customerId, pack.priceId).expect(201);

    expect(await teamEcosystems(user)).toEqual([pack.id]);
    expect((await teamAgents(user)).sort()).toEqual([first.id, second.id].sort());
    await receiptFor(testApp, user.email, 'Concepto: Pack Pymes (ecosistema de agentes, suscripción mensual)');
    expect(mailsTo(testApp, user.email)).toBe(before + 1);
  });

  if (gatewayName === 'stripe') {
    it("waits for the bank (3-D Secure): nothing until the first invoice is paid, then the team and one receipt", async () => {
      const agent = await client.paidAgent(creator, 'Asesor Prudente', 12);
      users += 1;
      const user = await signUpAndSignIn(testApp, `comprador-${users}@example.com`);
      const customerId = await client.createCustomer(user);
      await client.addCard(user, customerId, 'pm_card_authenticationRequired').expect(201);
      const before = mailsTo(testApp, user.email);

      const { body } = await client.subscribe(user, customerId, agent.priceId as string).expect(201);
      expect(body.subscription.status).toBe('incomplete');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await teamAgents(user)).toEqual([]);
      expect(mailsTo(testApp, user.email)).toBe(before);

      const webhook = await webhookSender(testApp);
      const paid = invoiceEvent('invoice.paid', body.subscription.subscriptionId, customerId, nowSeconds() + 2);
      await webhook.post(paid, { secret: 'whsec_test_fake' }).expect(200);
      expect(await teamAgents(user)).toEqual([agent.id]);
      await receiptFor(testApp, user.email, 'Concepto: Asesor Prudente');
      // The next period's invoice is no new purchase.
      await webhook.post(invoiceEvent('invoice.paid', body.subscription.subscriptionId, customerId, nowSeconds() + 5), { secret: 'whsec_test_fake' }).expect(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailsTo(testApp, user.email)).toBe(before + 1);
    });
  }
});
