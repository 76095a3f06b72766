import request from 'supertest';
import { DataSource } from 'typeorm';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { payoutsClient } from '../payments/payouts/payouts-client';

jest.setTimeout(90_000);

/**
 * Issue 31, item 9: the admin's payments and audit views name what they list (users by their
 * username, agents and ecosystems by their name) instead of showing ids, and the dashboard's
 * figures follow the period chosen (7, 30 or 90 days, or 12 months).
 */
describe('admin views with names and periods (issue 31)', () => {
  let testApp: TestApp;
  let admin: SignedInUser;
  let creator: SignedInUser;
  let buyer: SignedInUser;
  let agent: { id: string; priceId?: string | null };
  let bundle: { id: string; priceId: string };
  let customerId: string;
  let subscriptionId: string;
  let bundleSubscriptionId: string;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    buyer = await signUpAndSignIn(testApp, 'cliente@example.com');
    const client = payoutsClient(testApp);
    agent = await client.paidAgent(creator, 'Asesor Fiscal', 19.99);
    const other = await client.paidAgent(creator, 'Asesora Laboral', 5);
    bundle = await client.bundle(creator, 'Despacho Completo', [agent.id, other.id], 22);
    customerId = await client.buyer(buyer);
    subscriptionId = (await client.subscribe(buyer, customerId, agent.priceId as string).expect(201)).body.subscription.subscriptionId;
    bundleSubscriptionId = (await client.subscribe(buyer, customerId, bundle.priceId).expect(201)).body.subscription.subscriptionId;
  });

  afterAll(() => testApp.close());

  it("lists subscriptions with the agent's or the ecosystem's name, and customers with the user's", async () => {
    const subscriptions = (await http().get('/api-admin/stripe/subscription-users').set(admin.authorization).expect(200)).body.items;
    expect(subscriptions).toContainEqual(expect.objectContaining({ subscriptionId, agentId: agent.id, agentName: 'Asesor Fiscal', ecosystemName: null }));
    expect(subscriptions).toContainEqual(
      expect.objectContaining({ subscriptionId: bundleSubscriptionId, ecosystemId: bundle.id, ecosystemName: 'Despacho Completo', username: 'cliente@example.com' }),
    );
    const customers = (await http().get('/api-admin/stripe/customers/10').set(admin.authorization).expect(200)).body.items;
    expect(customers).toContainEqual(expect.objectContaining({ customerId, userId: buyer.sub, username: 'cliente@example.com' }));
    const transactions = (await http().get('/api-admin/stripe/balance_transactions/10').set(admin.authorization).expect(200)).body.items;
    expect(transactions).toContainEqual(expect.objectContaining({ subscriptionId: bundleSubscriptionId, ecosystemId: bundle.id, ecosystemName: 'Despacho Completo' }));
  });

  it('names the actors, targets and ids of the audit log', async () => {
    // An admin's change of a user's role, and a subscription's life.
    await http().put(`/api-admin/users/${buyer.sub}/role`).set(admin.authorization).send({ role: 'admin' }).expect(200);
    const { body } = await http().get('/api-admin/audit?limit=100').set(admin.authorization).expect(200);
    const role = body.items.find((entry: { action: string }) => entry.action === 'user.role');
    expect(role).toMatchObject({ actorSub: admin.sub, target: `user:${buyer.sub}`, before: { role: 'user' }, after: { role: 'admin' } });
    expect(body.names[admin.sub]).toBe('jefa@example.com');
    expect(body.names[buyer.sub]).toBe('cliente@example.com');
    // The subscriptions, by what was bought and who holds them; the ids inside before/after too.
    expect(body.names[subscriptionId]).toBe('Asesor Fiscal · cliente@example.com');
    expect(body.names[bundleSubscriptionId]).toBe('Despacho Completo · cliente@example.com');
    expect(body.names[agent.id]).toBe('Asesor Fiscal');
    expect(body.names[creator.sub]).toBe('creadora@example.com');
    // Nothing unasked: every name is of an id the page mentions.
    const mentioned = JSON.stringify(body.items);
    for (const id of Object.keys(body.names)) expect(mentioned).toContain(id);
  });

  it('gives the dashboard figures of the period asked for, by day or by month', async () => {
    const week = (await http().get('/api-admin/metrics/detailed?period=7d').set(admin.authorization).expect(200)).body;
    expect(week).toMatchObject({ period: '7d', granularity: 'day' });
    expect(week.days).toHaveLength(7);
    expect(week.days[6].date).toBe(new Date().toISOString().slice(0, 10));
    expect(week.days[6].signUps).toBe(3);
    expect(week.days[6].revenue).toBe(1999 + 2200);

    expect((await http().get('/api-admin/metrics/detailed?period=90d').set(admin.authorization).expect(200)).body.days).toHaveLength(90);
    const year = (await http().get('/api-admin/metrics/detailed?period=12m').set(admin.authorization).expect(200)).body;
    expect(year).toMatchObject({ period: '12m', granularity: 'month' });
    expect(year.days).toHaveLength(12);
    expect(year.days[11]).toMatchObject({ date: new Date().toISOString().slice(0, 7), signUps: 3, subscriptions: 2 });
    expect(year.days[0].date < year.days[11].date).toBe(true);

    const users = (await http().get('/api-admin/metrics/users?period=7d').set(admin.authorization).expect(200)).body;
    expect(users).toMatchObject({ period: '7d', totalUsers: 3, newUsers: 3 });
    const margins = (await http().get('/api-admin/metrics/margins?period=90d').set(admin.authorization).expect(200)).body;
    expect(margins.period).toBe('90d');
    // The bundle's payment is shared between its two agents.
    expect(margins.agents.reduce((sum: number, row: { revenue: number }) => sum + row.revenue, 0)).toBe(1999 + 2200);
    expect((await http().get('/api-admin/metrics/margins').set(admin.authorization).expect(200)).body.period).toBeNull();
  });

  it('leaves out of a period what was paid before it', async () => {
    // The single agent's payment, moved to 100 days ago.
    const old = new Date(Date.now() - 100 * 86_400_000);
    await testApp.app.get(DataSource).createQueryBuilder().update('creator_ledger_entries').set({ paidAt: old }).where('subscriptionId = :id', { id: subscriptionId }).execute();
    const revenueOf = async (query: string) =>
      (await http().get(`/api-admin/metrics/margins${query}`).set(admin.authorization).expect(200)).body.agents.reduce((sum: number, row: { revenue: number }) => sum + row.revenue, 0);
    expect(await revenueOf('?period=90d')).toBe(2200);
    expect(await revenueOf('?period=12m')).toBe(1999 + 2200);
    expect(await revenueOf('')).toBe(1999 + 2200);
    const quarter = (await http().get('/api-admin/metrics/detailed?period=90d').set(admin.authorization).expect(200)).body.days;
    expect(quarter.reduce((sum: number, day: { revenue: number }) => sum + day.revenue, 0)).toBe(2200);
  });

  it('refuses a period it does not know, in Spanish', async () => {
    for (const path of ['/api-admin/metrics/detailed?period=1y', '/api-admin/metrics/users?period=30', '/api-admin/metrics/margins?period=']) {
      const { body } = await http().get(path).set(admin.authorization).expect(400);
      expect(JSON.stringify(body.message)).toContain('period debe ser 7d, 30d, 90d o 12m');
    }
  });
});
