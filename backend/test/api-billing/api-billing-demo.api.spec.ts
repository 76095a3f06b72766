import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { ApiInvoices, DEMO_RETRY_EVERY_MS } from '../../src/modules/api-billing/api-invoices.service';
import { AuditLog } from '../../src/modules/audit/audit-log.service';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { mailsTo } from '../identity/outbox';
import { paymentsClient } from '../payments/support/payments-client';
import { payoutsClient } from '../payments/payouts/payouts-client';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(120_000);

const SUSPENDED = 'Tus claves de API están suspendidas: hay una factura pendiente de pago.';
const thisMonth = () => new Date().toISOString().slice(0, 7);
const nextMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
};

/**
 * Issue 36, item 3, in demo mode: the same ledger, and a demo invoice per buyer and month with a
 * line per key, charged to the buyer's default demo card. The demo failing card (Stripe's
 * 4000 0000 0000 0341, pm_card_chargeCustomerFail) is saved but declines the charge: the buyer's
 * keys are suspended until a card that pays is charged. And a builder's price change, which
 * applies from the next month, is e-mailed to the agent's buyers and audited.
 */
describe('monthly billing of API use in demo mode', () => {
  let openAi: OpenAiFake;
  let testApp: TestApp;
  let builder: SignedInUser;
  let buyer: SignedInUser;
  let bystander: SignedInUser;
  let agentId: string;
  let customerId: string;
  let keyId: string;
  let secret: string;
  const http = () => request(testApp.server);
  const invoke = () => http().post(`/api/v1/agent/${agentId}/invoke`).set('Authorization', `Bearer ${secret}`).send({ input: 'Hola' });
  const invoices = () => http().get('/api/me/api-invoices').set(buyer.authorization).expect(200);
  const prices = { per1000Calls: 100_000, perMillionInputTokens: 500_000, perMillionOutputTokens: 2_000_000 };

  beforeAll(async () => {
    openAi = await startOpenAiFake({ reply: ['Vale.'], usage: { prompt_tokens: 10, completion_tokens: 5 } });
    testApp = await createTestApp(openAiFakeEnv(openAi, { PLATFORM_FEE_PERCENT: '15', RATE_LIMIT_AGENTS_PER_HOUR: '1000' }));
    builder = await signUpAndSignIn(testApp, 'demo-creadora@example.com');
    buyer = await signUpAndSignIn(testApp, 'demo-compradora@example.com');
    bystander = await signUpAndSignIn(testApp, 'demo-ajena@example.com');
    agentId = (await http().post('/api/agents').set(builder.authorization).send({ name: 'Asesor de prueba', category: 'legal', description: 'Por uso', prompt: 'Eres breve.' }).expect(201)).body.id;
    await http().post(`/api/agent/${agentId}/publication`).set(builder.authorization).send({}).expect(201);
    await http().put(`/api/publication/${agentId}/pricing`).set(builder.authorization).send({ available: true, ...prices }).expect(200);
    const payments = paymentsClient(testApp);
    customerId = await payments.createCustomer(buyer);
    // The demo failing card: it is saved, and every charge to it is declined.
    const saved = await payments.addCard(buyer, customerId, 'pm_card_chargeCustomerFail').expect(201);
    expect(saved.body).toMatchObject({ last4: '0341' });
    ({ keyId, secret } = (await http().post('/api/me/api-keys').set(buyer.authorization).send({ agentId, name: 'Pruebas' }).expect(201)).body);
  });

  afterAll(async () => {
    await testApp.close();
    await openAi.close();
  });

  it('shows this month’s use as a draft invoice with a line per key, to its buyer only', async () => {
    await invoke().expect(200);
    await invoke().expect(200);
    expect((await invoices()).body.items).toEqual([
      {
        id: `draft-${thisMonth()}`,
        month: thisMonth(),
        status: 'draft',
        // 2 calls at a euro, 20 tokens in at half a cent, 10 out at two cents.
        total: 230,
        currency: 'eur',
        hostedInvoiceUrl: null,
        lines: [{ keyId, keyName: 'Pruebas', agentId, agentName: 'Asesor de prueba', calls: 2, inputTokens: 20, outputTokens: 10, amount: 230 }],
      },
    ]);
    expect((await http().get('/api/me/api-invoices').set(bystander.authorization).expect(200)).body.items).toEqual([]);
    await http().get('/api/me/api-invoices').expect(401);
  });

  it('e-mails the agent’s buyers a price change, which applies from the next month, and audits it', async () => {
    const mailsBefore = mailsTo(testApp, buyer.email);
    const bystanderMails = mailsTo(testApp, bystander.email);
    const changed = await http()
      .put(`/api/publication/${agentId}/pricing`)
      .set(builder.authorization)
      .send({ available: true, ...prices, per1000Calls: 200_000 })
      .expect(200);
    expect(changed.body).toMatchObject({ ...prices, next: { from: nextMonth(), per1000Calls: 200_000 } });
    expect(mailsTo(testApp, buyer.email)).toBe(mailsBefore + 1);
    expect(mailsTo(testApp, bystander.email)).toBe(bystanderMails);
    const outbox = join(testApp.config.dataDir, 'outbox');
    const mail = readFileSync(join(outbox, readdirSync(outbox).filter((file) => file.endsWith(`-${buyer.email}.eml`)).sort().at(-1) as string), 'utf8');
    expect(mail).toContain('Asesor de prueba');
    expect(mail).toContain(nextMonth());
    expect(await testApp.app.get(AuditLog).latest('publication.pricing-announced', `agent:${agentId}`)).toMatchObject({ after: { from: nextMonth(), buyers: 1, sent: 1 } });
    // Saving the same prices again tells nobody again.
    await http().put(`/api/publication/${agentId}/pricing`).set(builder.authorization).send({ available: true, ...prices, per1000Calls: 200_000 }).expect(200);
    expect(mailsTo(testApp, buyer.email)).toBe(mailsBefore + 1);
    // This month is still billed at this month's prices.
    expect((await invoices()).body.items[0]).toMatchObject({ status: 'draft', total: 230 });
  });

  it('charges the month’s invoice to the demo failing card: it fails, and the buyer’s keys answer 402 until a card pays it', async () => {
    const billing = testApp.app.get(ApiInvoices);
    const [failed] = await billing.invoiceDemoMonth(thisMonth());
    expect(failed).toMatchObject({ status: 'payment_failed', total: 230, provider: 'demo' });
    // Once per buyer and month.
    expect(await billing.invoiceDemoMonth(thisMonth())).toEqual([]);

    const refused = await invoke().expect(402);
    expect(refused.body.message).toBe(SUSPENDED);
    expect((await invoices()).body.items).toEqual([expect.objectContaining({ id: failed.id, month: thisMonth(), status: 'payment_failed', total: 230, hostedInvoiceUrl: null })]);
    expect(await testApp.app.get(AuditLog).latest('api-keys.suspend', `user:${buyer.sub}`)).toMatchObject({ after: { suspended: true, invoiceId: failed.id } });
    expect((await payoutsClient(testApp).earnings(builder).expect(200)).body.months).toEqual([]);

    // A card that pays, made the default; the next retry (an hour on) charges it.
    const payments = paymentsClient(testApp);
    const visa = (await payments.addCard(buyer, customerId, 'pm_card_visa').expect(201)).body;
    await payments.http().post('/api/stripe/set-default-payment-method').set(buyer.authorization).send({ paymentMethodID: visa.id }).expect(200);
    expect(await billing.invoiceDemoMonth(thisMonth(), new Date(Date.now() + DEMO_RETRY_EVERY_MS / 2))).toEqual([]);
    const [paid] = await billing.invoiceDemoMonth(thisMonth(), new Date(Date.now() + DEMO_RETRY_EVERY_MS + 1_000));
    expect(paid).toMatchObject({ id: failed.id, status: 'paid' });

    await invoke().expect(200);
    expect((await invoices()).body.items.find((invoice: { id: string }) => invoice.id === failed.id)).toMatchObject({ status: 'paid', total: 230 });
    expect(await testApp.app.get(AuditLog).latest('api-keys.reinstate', `user:${buyer.sub}`)).toMatchObject({ after: { suspended: false, paidInvoiceId: failed.id } });
    // The creator's share, less 15 %, in 'Mis ingresos' (demo: no money moves).
    const earnings = (await payoutsClient(testApp).earnings(builder).expect(200)).body;
    expect(earnings.months[0].agents).toEqual([expect.objectContaining({ agentId, gross: 2.3, fee: 0.35, net: 1.95, paidOut: false, subscribers: 0 })]);
    // A buyer of API calls is not a subscriber of the agent.
    expect(earnings.months[0].totals.subscribers).toBe(0);
  });
});
