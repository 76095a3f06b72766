import request from 'supertest';
import { DataSource } from 'typeorm';
import { runAdminCommand } from '../../src/cli/admin';
import { AuditEntry } from '../../src/modules/audit/audit-entry.entity';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { EmbeddedIdTokenVerifier } from '../../src/modules/identity/id-token-verifiers';
import { IdentityUser } from '../../src/modules/identity/entities/identity-user.entity';
import { InvalidTokenError } from '../../src/common/auth/id-token-verifier';
import { TokenService } from '../../src/modules/identity/services/token.service';
import { VerifiedTokenCache } from '../../src/modules/identity/verified-token-cache';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { payoutsClient } from '../payments/payouts/payouts-client';
import { invoiceEvent, nowSeconds, subscriptionEvent, webhookSender } from '../payments/support/payments-client';
import { idpCall, signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';

jest.setTimeout(90_000);

/** Every route of the admin area, with a body that passes validation. */
const ADMIN_ROUTES: Array<[method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object]> = [
  ['get', '/api-admin/users'],
  ['get', '/api-admin/users/00000000-0000-4000-8000-000000000000/agents'],
  ['post', '/api-admin/users/00000000-0000-4000-8000-000000000000/disable'],
  ['post', '/api-admin/users/00000000-0000-4000-8000-000000000000/enable'],
  ['put', '/api-admin/users/00000000-0000-4000-8000-000000000000/role', { role: 'admin' }],
  ['get', '/api-admin/agents'],
  ['get', '/api-admin/agents/no-existe/prompt'],
  ['put', '/api-admin/agents/no-existe', { name: 'N', category: 'legal', description: 'D' }],
  ['delete', '/api-admin/agents/no-existe'],
  ['put', '/api-admin/agents/no-existe/prompt', { prompt: 'P' }],
  ['get', '/api-admin/metrics/users'],
  ['get', '/api-admin/metrics/agents'],
  ['get', '/api-admin/metrics/detailed'],
  ['get', '/api-admin/metrics/margins'],
  ['get', '/api-admin/stripe/balance'],
  ['get', '/api-admin/stripe/balance_transactions/10'],
  ['get', '/api-admin/stripe/subscription-users'],
  ['get', '/api-admin/stripe/products/10'],
  ['get', '/api-admin/stripe/customers/10'],
  ['post', '/api-admin/stripe/resume', { startDate: '2026-01-01', endDate: '2026-12-31' }],
  ['get', '/api-admin/audit'],
  ['get', '/api-admin/audit/verify'],
  ['get', '/api-admin/moderation'],
  ['post', '/api-admin/moderation/no-existe/approve'],
  ['post', '/api-admin/moderation/no-existe/reject', { reason: 'R' }],
];

describe('admin area API (issue 17)', () => {
  let testApp: TestApp;
  let admin: SignedInUser;
  let ana: SignedInUser;
  let bob: SignedInUser;
  const http = () => request(testApp.server);

  const signIn = async (email: string): Promise<SignedInUser> => {
    const { body } = await idpCall(testApp, 'InitiateAuth', {
      ClientId: testApp.config.identity.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'Contraseña-segura-1' },
    }).expect(200);
    const idToken = body.AuthenticationResult.IdToken as string;
    const sub = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()).sub as string;
    return { email, sub, idToken, accessToken: body.AuthenticationResult.AccessToken, refreshToken: body.AuthenticationResult.RefreshToken, authorization: { Authorization: `Bearer ${idToken}` } };
  };

  beforeAll(async () => {
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], { ADMIN_EMAILS: 'jefa@example.com' });
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    ana = await signUpAndSignIn(testApp, 'ana@example.com', undefined, 'Ana Pérez');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    await http().post('/api/users/registration').set(ana.authorization).send({ contactName: 'Ana de Contacto' }).expect(201);
    // An account that never confirmed its e-mail.
    await idpCall(testApp, 'SignUp', {
      ClientId: testApp.config.identity.clientId,
      Username: 'pendiente@example.com',
      Password: 'Contraseña-segura-1',
      UserAttributes: [
        { Name: 'email', Value: 'pendiente@example.com' },
        { Name: 'name', Value: 'Pendiente' },
      ],
    }).expect(200);
  });

  afterAll(() => testApp.close());

  it('refuses a visitor (401) and a non-admin (403) on every admin route, with the guard’s texts', async () => {
    const failures: string[] = [];
    for (const [method, path, body] of ADMIN_ROUTES) {
      const visitor = await http()[method](path).send(body ?? {});
      const user = await http()[method](path).set(ana.authorization).send(body ?? {});
      if (visitor.status !== 401) failures.push(`${method} ${path} visitor ${visitor.status}`);
      if (user.status !== 403 || user.body.message !== 'Esta acción está reservada a los administradores.') failures.push(`${method} ${path} user ${user.status}`);
    }
    expect(failures).toEqual([]);
  });

  describe('users', () => {
    it('lists the accounts with their state and role, paginated', async () => {
      const { body } = await http().get('/api-admin/users?limit=2&page=1').set(admin.authorization).expect(200);
      expect(body).toMatchObject({ total: 4, page: 1, limit: 2 });
      expect(body.items).toHaveLength(2);
      const all = (await http().get('/api-admin/users').set(admin.authorization).expect(200)).body.items;
      expect(all.find((user: { email: string }) => user.email === 'ana@example.com')).toEqual({
        id: ana.sub,
        username: 'ana@example.com',
        email: 'ana@example.com',
        contactName: 'Ana de Contacto',
        status: 'confirmed',
        role: 'user',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      expect(all.find((user: { email: string }) => user.email === 'jefa@example.com')).toMatchObject({ role: 'admin', status: 'confirmed' });
    });

    it('filters by state and by text', async () => {
      const unconfirmed = (await http().get('/api-admin/users?status=unconfirmed').set(admin.authorization).expect(200)).body;
      expect(unconfirmed.items.map((user: { email: string }) => user.email)).toEqual(['pendiente@example.com']);
      expect(unconfirmed.items[0].status).toBe('unconfirmed');
      const found = (await http().get('/api-admin/users?search=BOB').set(admin.authorization).expect(200)).body;
      expect(found.items.map((user: { email: string }) => user.email)).toEqual(['bob@example.com']);
      expect((await http().get('/api-admin/users?search=%25').set(admin.authorization).expect(200)).body.total).toBe(0);
      const wrong = await http().get('/api-admin/users?status=borrado').set(admin.authorization).expect(400);
      expect(JSON.stringify(wrong.body)).toContain('status debe ser confirmed, unconfirmed o disabled');
    });

    it('disables a user: their token is refused at once, they cannot sign in; enabled again they sign in and work', async () => {
      await http().get(`/api/users/${bob.sub}/interaction-state`).set(bob.authorization).expect(200);
      const disabled = await http().post(`/api-admin/users/${bob.sub}/disable`).set(admin.authorization).expect(200);
      expect(disabled.body).toMatchObject({ id: bob.sub, status: 'disabled' });
      await http().get(`/api/users/${bob.sub}/interaction-state`).set(bob.authorization).expect(401);
      expect((await http().get('/api-admin/users?status=disabled').set(admin.authorization).expect(200)).body.items.map((user: { id: string }) => user.id)).toEqual([bob.sub]);
      await idpCall(testApp, 'InitiateAuth', {
        ClientId: testApp.config.identity.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'bob@example.com', PASSWORD: 'Contraseña-segura-1' },
      }).expect(400);

      expect((await http().post(`/api-admin/users/${bob.sub}/enable`).set(admin.authorization).expect(200)).body.status).toBe('confirmed');
      bob = await signIn('bob@example.com');
      await http().get(`/api/users/${bob.sub}/interaction-state`).set(bob.authorization).expect(200);
    });

    it('a disabled account’s tokens are refused within a second by another instance too', async () => {
      const carla = await signUpAndSignIn(testApp, 'carla@example.com');
      // Another instance: its own verified-token cache, which already trusts the token.
      const elsewhere = new EmbeddedIdTokenVerifier(testApp.app.get(TokenService), new VerifiedTokenCache());
      await expect(elsewhere.verify(carla.idToken)).resolves.toMatchObject({ sub: carla.sub });
      // Disabled by another instance: only the database knows.
      await testApp.app.get(DataSource).getRepository(IdentityUser).update({ sub: carla.sub }, { enabled: false });
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await expect(elsewhere.verify(carla.idToken)).rejects.toBeInstanceOf(InvalidTokenError);
    });

    it('grants and revokes the admin role; the user signs in again with it', async () => {
      const granted = await http().put(`/api-admin/users/${ana.sub}/role`).set(admin.authorization).send({ role: 'admin' }).expect(200);
      expect(granted.body).toMatchObject({ id: ana.sub, role: 'admin' });
      // The token with the old role no longer stands.
      await http().get('/api-admin/users').set(ana.authorization).expect(401);
      ana = await signIn('ana@example.com');
      await http().get('/api-admin/users').set(ana.authorization).expect(200);

      await http().put(`/api-admin/users/${ana.sub}/role`).set(admin.authorization).send({ role: 'user' }).expect(200);
      ana = await signIn('ana@example.com');
      await http().get('/api-admin/users').set(ana.authorization).expect(403);
      const bad = await http().put(`/api-admin/users/${ana.sub}/role`).set(admin.authorization).send({ role: 'root' }).expect(400);
      expect(JSON.stringify(bad.body)).toContain("role debe ser 'admin' o 'user'");
    });

    it('never leaves the platform without an admin, and an admin cannot disable themselves', async () => {
      const last = await http().put(`/api-admin/users/${admin.sub}/role`).set(admin.authorization).send({ role: 'user' }).expect(409);
      expect(last.body.message).toBe('No se puede quitar el rol de administrador al último administrador.');
      const self = await http().post(`/api-admin/users/${admin.sub}/disable`).set(admin.authorization).expect(409);
      expect(self.body.message).toBe('No puedes desactivar tu propia cuenta.');
      await http().get('/api-admin/users').set(admin.authorization).expect(200);
    });

    it('answers 404 for an unknown user', async () => {
      const missing = await http().post('/api-admin/users/00000000-0000-4000-8000-000000000000/disable').set(admin.authorization).expect(404);
      expect(missing.body.message).toBe('Usuario no encontrado');
      await http().get('/api-admin/users/00000000-0000-4000-8000-000000000000/agents').set(admin.authorization).expect(404);
    });
  });

  describe('agents', () => {
    let agentId: string;

    beforeAll(async () => {
      agentId = (
        await http()
          .post('/api/agents')
          .set(bob.authorization)
          .send({ name: 'Asesor Privado', category: 'legal', description: 'Un agente de Bob', prompt: 'Eres un asesor.' })
          .expect(201)
      ).body.id;
      await http().post(`/api/user-agents/${bob.sub}`).set(bob.authorization).send({ agentId }).expect(201);
      await http().post('/api/conversations').set(bob.authorization).send({ title: `Chat con Asesor Privado`, metadata: { agentId } }).expect(201);
    });

    it('lists every agent, private ones too, with assignments and conversations', async () => {
      const { body } = await http().get('/api-admin/agents').set(admin.authorization).expect(200);
      expect(body.find((agent: { id: string }) => agent.id === agentId)).toMatchObject({
        name: 'Asesor Privado',
        category: 'legal',
        // Bob's public name, as everywhere (issue 29); admins read his address under Usuarios.
        createdBy: expect.stringMatching(/^usuario-[0-9a-f]{8}$/),
        isPublic: false,
        assignments: 1,
        conversations: 1,
      });
      const ofBob = (await http().get(`/api-admin/users/${bob.sub}/agents`).set(admin.authorization).expect(200)).body;
      expect(ofBob.created.map((agent: { id: string }) => agent.id)).toEqual([agentId]);
      expect(ofBob.team.map((agent: { agentId: string }) => agent.agentId)).toEqual([agentId]);
    });

    it('agent metrics count public and private agents', async () => {
      const { body } = await http().get('/api-admin/metrics/agents').set(admin.authorization).expect(200);
      expect(body.totalAgents).toBe(body.agents.length);
      expect(body.publicAgentsCount + body.privateAgentsCount).toBe(body.totalAgents);
      expect(body.privateAgentsCount).toBeGreaterThanOrEqual(1);
      expect(body.agents[0]).toEqual(expect.objectContaining({ assignments: expect.any(Number), conversations: expect.any(Number) }));
    });

    it('edits an agent; name, category and description are required', async () => {
      const missing = await http().put(`/api-admin/agents/${agentId}`).set(admin.authorization).send({ name: '  ', category: 'legal' }).expect(400);
      expect(JSON.stringify(missing.body)).toContain('El nombre es obligatorio');
      expect(JSON.stringify(missing.body)).toContain('La descripción es obligatoria');
      const { body } = await http()
        .put(`/api-admin/agents/${agentId}`)
        .set(admin.authorization)
        .send({ name: 'Asesor Revisado', category: 'Finanzas', description: 'Revisado por administración' })
        .expect(200);
      expect(body).toMatchObject({ id: agentId, name: 'Asesor Revisado', category: 'finance', description: 'Revisado por administración', createdBy: expect.stringMatching(/^usuario-/) });
      await http().put('/api-admin/agents/no-existe').set(admin.authorization).send({ name: 'N', category: 'legal', description: 'D' }).expect(404);
    });

    it('saves the prompt as a new current version made by the admin', async () => {
      const before = (await http().get(`/api-admin/agents/${agentId}/prompt`).set(admin.authorization).expect(200)).body;
      expect(before).toMatchObject({ prompt: 'Eres un asesor.', isCurrentVersion: true });
      const { body } = await http().put(`/api-admin/agents/${agentId}/prompt`).set(admin.authorization).send({ prompt: 'Eres un asesor revisado.' }).expect(200);
      expect(body).toMatchObject({ agentId, version: before.version + 1, prompt: 'Eres un asesor revisado.', isCurrentVersion: true, createdBy: expect.stringMatching(/^usuario-/), name: 'Edición de administración', description: 'Editado por administración' });
      // Bob reads his agent's versions: the admin's public name, never the admin's address (issue 29).
      const versions = await http().get(`/api/fine-tuning/agent-prompts/${agentId}/versions`).set(bob.authorization).expect(200);
      expect(versions.text).not.toContain('@');
      expect((await http().get(`/api/agent-prompts/${agentId}`).set(bob.authorization).expect(200)).body.prompt).toBe('Eres un asesor revisado.');
      const empty = await http().put(`/api-admin/agents/${agentId}/prompt`).set(admin.authorization).send({ prompt: '   ' }).expect(400);
      expect(JSON.stringify(empty.body)).toContain('El prompt no puede estar vacío.');
    });

    it('deletes an agent', async () => {
      const doomed = (await http().post('/api/agents').set(bob.authorization).send({ name: 'Efímero', category: 'legal', description: 'Se borra' }).expect(201)).body.id;
      expect((await http().delete(`/api-admin/agents/${doomed}`).set(admin.authorization).expect(200)).body).toEqual({ success: true, id: doomed });
      await http().get(`/api/agents/${doomed}`).set(bob.authorization).expect(404);
      await http().delete(`/api-admin/agents/${doomed}`).set(admin.authorization).expect(404);
    });
  });

  describe('metrics', () => {
    it('user metrics count accounts by state', async () => {
      const { body } = await http().get('/api-admin/metrics/users').set(admin.authorization).expect(200);
      expect(body).toEqual({
        period: '30d',
        totalUsers: expect.any(Number),
        confirmedUsers: expect.any(Number),
        unconfirmedUsers: 1,
        disabledUsers: expect.any(Number),
        adminUsers: 1,
        newUsers: body.totalUsers,
        activeUsers: expect.any(Number),
      });
      expect(body.confirmedUsers + body.unconfirmedUsers + body.disabledUsers).toBe(body.totalUsers);
    });

    it('detailed metrics give the last 30 days, today last, with today’s sign-ups', async () => {
      const { body } = await http().get('/api-admin/metrics/detailed').set(admin.authorization).expect(200);
      expect(body).toMatchObject({ period: '30d', granularity: 'day', currency: 'eur' });
      expect(body.days).toHaveLength(30);
      const today = body.days[29];
      expect(today.date).toBe(new Date().toISOString().slice(0, 10));
      expect(Object.keys(today).sort()).toEqual(['activeUsers', 'conversations', 'date', 'messages', 'revenue', 'signUps', 'subscriptions', 'tokens']);
      expect(today.signUps).toBeGreaterThanOrEqual(5);
      expect(today.conversations).toBeGreaterThanOrEqual(1);
    });
  });

  describe('payments views in demo mode', () => {
    it('read the demo ledger, subscriptions, products and customers, labelled demo', async () => {
      const client = payoutsClient(testApp);
      const creator = await signUpAndSignIn(testApp, 'creadora@example.com');
      const buyer = await signUpAndSignIn(testApp, 'cliente@example.com');
      const agent = await client.paidAgent(creator, 'Asesor Fiscal', 19.99);
      const customerId = await client.buyer(buyer);
      const { subscriptionId } = (await client.subscribe(buyer, customerId, agent.priceId as string).expect(201)).body.subscription;

      const balance = (await http().get('/api-admin/stripe/balance').set(admin.authorization).expect(200)).body;
      expect(balance).toEqual({
        provider: 'demo',
        demo: true,
        currency: 'eur',
        available: [{ amount: 1999, currency: 'eur' }],
        pending: [{ amount: 1799, currency: 'eur' }],
        totals: { gross: 1999, fees: 200, net: 1799, paidOut: 0 },
      });
      const transactions = (await http().get('/api-admin/stripe/balance_transactions/5').set(admin.authorization).expect(200)).body;
      expect(transactions).toMatchObject({ provider: 'demo', demo: true });
      expect(transactions.items).toEqual([
        expect.objectContaining({ type: 'charge', subscriptionId, agentId: agent.id, agentName: 'Asesor Fiscal', amount: 1999, fee: 200, net: 1799, currency: 'eur', demo: true }),
      ]);
      const subscriptions = (await http().get('/api-admin/stripe/subscription-users').set(admin.authorization).expect(200)).body;
      expect(subscriptions.items).toEqual([expect.objectContaining({ subscriptionId, status: 'active', userId: buyer.sub, username: 'cliente@example.com', agentId: agent.id, price: 19.99 })]);
      const products = (await http().get('/api-admin/stripe/products/10').set(admin.authorization).expect(200)).body;
      expect(products.items).toContainEqual(expect.objectContaining({ priceId: agent.priceId, kind: 'agent', itemId: agent.id, name: 'Asesor Fiscal', unitAmount: 1999, currency: 'eur' }));
      const customers = (await http().get('/api-admin/stripe/customers/10').set(admin.authorization).expect(200)).body;
      expect(customers.items).toContainEqual(expect.objectContaining({ customerId, userId: buyer.sub }));

      const today = new Date().toISOString().slice(0, 10);
      const summary = (await http().post('/api-admin/stripe/resume').set(admin.authorization).send({ startDate: today, endDate: today }).expect(200)).body;
      expect(summary).toEqual({
        provider: 'demo',
        demo: true,
        startDate: today,
        endDate: today,
        currency: 'eur',
        revenue: 1999,
        fees: 200,
        net: 1799,
        payments: 1,
        newSubscriptions: 1,
        cancelledSubscriptions: 0,
        activeSubscriptions: 1,
      });
      const empty = (await http().post('/api-admin/stripe/resume').set(admin.authorization).send({ startDate: '2020-01-01', endDate: '2020-01-31' }).expect(200)).body;
      expect(empty).toMatchObject({ revenue: 0, newSubscriptions: 0, payments: 0 });

      const margins = (await http().get('/api-admin/metrics/margins').set(admin.authorization).expect(200)).body;
      expect(margins).toMatchObject({ currency: 'eur', pricesConfigured: false });
      expect(margins.agents).toContainEqual(expect.objectContaining({ agentId: agent.id, revenue: 1999, modelCost: null, margin: null }));
    });

    it('refuses a bad limit or period with a Spanish message', async () => {
      for (const path of ['/api-admin/stripe/products/0', '/api-admin/stripe/customers/101', '/api-admin/stripe/balance_transactions/diez']) {
        expect((await http().get(path).set(admin.authorization).expect(400)).body.message).toBe('El límite debe ser un número entero entre 1 y 100.');
      }
      const reversed = await http().post('/api-admin/stripe/resume').set(admin.authorization).send({ startDate: '2026-02-01', endDate: '2026-01-01' }).expect(400);
      expect(reversed.body.message).toBe('La fecha de fin no puede ser anterior a la de inicio.');
      const notDates = await http().post('/api-admin/stripe/resume').set(admin.authorization).send({ startDate: 'ayer' }).expect(400);
      expect(JSON.stringify(notDates.body)).toContain('startDate debe ser una fecha');
    });
  });

  describe('audit log', () => {
    it('records role changes made from the command line too', async () => {
      await signUpAndSignIn(testApp, 'dora@example.com');
      const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
      try {
        await expect(runAdminCommand(['grant', 'dora@example.com'], testApp.config)).resolves.toBe(0);
      } finally {
        log.mockRestore();
      }
      const newest = (await http().get('/api-admin/audit?limit=1').set(admin.authorization).expect(200)).body.items[0];
      // 'creadora@…' and 'compradora@…' contain 'dora' too: the one whose address is Dora's.
      const users: Array<{ id: string; email: string }> = (await http().get('/api-admin/users?search=dora').set(admin.authorization).expect(200)).body.items;
      const dora = users.find((user) => user.email === 'dora@example.com')!;
      expect(newest).toMatchObject({
        actorSub: 'cli',
        action: 'user.role.grant',
        target: `user:${dora.id}`,
        before: { email: 'dora@example.com', role: 'user', enabled: true },
        after: { email: 'dora@example.com', role: 'admin', enabled: true },
      });
    });

    it('records a subscription’s life (subscribe, pause, cancel; a webhook’s change as system), price changes and the fee, chained', async () => {
      const client = payoutsClient(testApp);
      const creator = await signUpAndSignIn(testApp, 'autora@example.com');
      const buyer = await signUpAndSignIn(testApp, 'compradora@example.com');
      const agent = await client.paidAgent(creator, 'Asesora Laboral', 9.5);
      const customerId = await client.buyer(buyer);
      const { subscriptionId } = (await client.subscribe(buyer, customerId, agent.priceId as string).expect(201)).body.subscription;
      await client.transition(buyer, 'pause', subscriptionId).expect(200);
      await client.transition(buyer, 'resume', subscriptionId).expect(200);
      // The gateway says it is past due (e.g. a failed renewal): the webhook's change is the system's.
      const webhook = await webhookSender(testApp);
      await webhook.post(invoiceEvent('invoice.payment_failed', subscriptionId, customerId, nowSeconds() + 5)).expect(200);
      const later = await webhook.post(subscriptionEvent('customer.subscription.updated', { id: subscriptionId, customer: customerId, price: agent.priceId as string, status: 'active' }, nowSeconds() + 6));
      expect(later.status).toBe(200);
      // The creator raises the price: a new price id.
      const repriced = (
        await http()
          .post('/api/agents')
          .set(creator.authorization)
          .send({ id: agent.id, name: 'Asesora Laboral', category: 'finance', description: 'Asesora Laboral: finanzas', price: 12, isPublic: true })
          .expect(200)
      ).body;
      expect(repriced.priceId).not.toBe(agent.priceId);
      await client.transition(buyer, 'cancel', subscriptionId).expect(200);

      const { body } = await http().get('/api-admin/audit?limit=100').set(admin.authorization).expect(200);
      type Entry = { action: string; target: string; actorSub: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null };
      const entries = (body.items as Entry[]).filter((entry) => entry.target === `subscription:${subscriptionId}`).reverse();
      expect(entries.map((entry) => [entry.action, entry.actorSub])).toEqual([
        ['subscription.create', buyer.sub],
        ['subscription.pause', buyer.sub],
        ['subscription.resume', buyer.sub],
        ['subscription.status', 'system'],
        ['subscription.status', 'system'],
        ['subscription.cancel_at_period_end', buyer.sub],
      ]);
      expect(entries[0]).toMatchObject({
        before: null,
        after: { status: 'active', priceId: agent.priceId, price: 9.5, userSub: buyer.sub, customerId, agentId: agent.id, applicationFeePercent: null },
      });
      expect(entries[1]).toMatchObject({ before: { status: 'active', price: 9.5 }, after: { status: 'paused', price: 9.5 } });
      expect(entries[3]).toMatchObject({ before: { status: 'active' }, after: { status: 'past_due' } });
      // The subscriber's cancel takes effect at the end of the paid period (issue 31): still active, set to end.
      expect(entries[5]).toMatchObject({ before: { status: 'active', cancelAtPeriodEnd: false }, after: { status: 'active', cancelAtPeriodEnd: true, priceId: agent.priceId } });
      // Nothing of the card or the provider's secrets.
      expect(JSON.stringify(entries)).not.toMatch(/pm_card|client_secret|sk_|whsec_/);

      const prices = (body.items as Entry[]).filter((entry) => entry.target === `agent:${agent.id}` && entry.action === 'price.change').reverse();
      expect(prices).toEqual([
        expect.objectContaining({ actorSub: creator.sub, before: { priceId: null }, after: expect.objectContaining({ priceId: agent.priceId, unitAmount: 950, currency: 'eur' }) }),
        expect.objectContaining({
          actorSub: creator.sub,
          before: expect.objectContaining({ priceId: agent.priceId, unitAmount: 950 }),
          after: expect.objectContaining({ priceId: repriced.priceId, unitAmount: 1200 }),
        }),
      ]);
      const fee = (body.items as Entry[]).find((entry) => entry.action === 'platform.fee');
      expect(fee).toMatchObject({ actorSub: 'system', target: 'platform', before: { feePercent: null }, after: { feePercent: 10 } });

      expect((await http().get('/api-admin/audit/verify').set(admin.authorization).expect(200)).body).toMatchObject({ valid: true, checked: body.total, keyedFrom: 1 });
    });

    it('records every admin action, chained; verify finds the first tampered row', async () => {
      const { body } = await http().get('/api-admin/audit?limit=100').set(admin.authorization).expect(200);
      const actions = body.items.map((entry: { action: string }) => entry.action);
      expect(actions).toEqual(expect.arrayContaining(['user.disable', 'user.enable', 'user.role', 'agent.update', 'agent.prompt', 'agent.delete', 'user.role.grant']));
      const disable = body.items.find((entry: { action: string }) => entry.action === 'user.disable');
      expect(disable).toMatchObject({ actorSub: admin.sub, target: `user:${bob.sub}`, before: { status: 'confirmed' }, after: { status: 'disabled' }, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(body.items[body.items.length - 1].prevHash).toBe('0'.repeat(64));

      const valid = (await http().get('/api-admin/audit/verify').set(admin.authorization).expect(200)).body;
      expect(valid).toMatchObject({ valid: true, checked: body.total, keyedFrom: 1, head: { id: body.items[0].id, at: body.items[0].at, hash: body.items[0].hash } });

      // Someone with database access rewrites history.
      await testApp.app.get(DataSource).getRepository(AuditEntry).update({ id: disable.id }, { afterJson: '{"status":"confirmed"}' });
      const broken = (await http().get('/api-admin/audit/verify').set(admin.authorization).expect(200)).body;
      expect(broken).toMatchObject({ valid: false, checked: disable.id, firstBrokenId: disable.id });
    });
  });
});

describe('admin margins with MODEL_PRICES (issue 17)', () => {
  let testApp: TestApp;
  afterAll(() => testApp?.close());

  it('prices the tokens of an agent’s replies and gives its margin', async () => {
    // 100 € per million input tokens and 200 € per million output: the fake model's 12 + 5 tokens cost 2,20 €.
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], {
      ADMIN_EMAILS: 'jefa@example.com',
      MODEL_PRICES: '{"*": {"inputPerMillion": 100000, "outputPerMillion": 200000}}',
    });
    const http = () => request(testApp.server);
    const admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    const ana = await signUpAndSignIn(testApp, 'ana@example.com');
    const agent = (await http().post('/api/agents').set(ana.authorization).send({ name: 'Tasado', category: 'legal', description: 'D', prompt: 'P' }).expect(201)).body;
    const conversationId = (await http().post('/api/conversations').set(ana.authorization).send({ metadata: { agentId: agent.id } }).expect(201)).body.id;
    await http().post('/api/bedrock/agents/chat').set(ana.authorization).send({ conversationId, message: 'Hola' }).expect(200);

    const margins = (await http().get('/api-admin/metrics/margins').set(admin.authorization).expect(200)).body;
    expect(margins).toMatchObject({ currency: 'eur', pricesConfigured: true });
    expect(margins.agents).toContainEqual(
      expect.objectContaining({ agentId: agent.id, revenue: 0, inputTokens: 12, outputTokens: 5, modelCost: 220, margin: -220 }),
    );
  });
});
