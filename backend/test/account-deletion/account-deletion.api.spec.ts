import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Leases } from '../../src/database/leases/leases';
import { AccountErasureJob } from '../../src/modules/account-deletion/account-erasure.job';
import { AccountEraser } from '../../src/modules/account-deletion/account-eraser';
import { ApiInvoice } from '../../src/modules/api-billing/entities/api-invoice.entity';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { CreatorAccount } from '../../src/modules/payments/payouts/entities/creator-account.entity';
import { CreatorLedgerEntry } from '../../src/modules/payments/payouts/entities/creator-ledger-entry.entity';
import { Subscription } from '../../src/modules/subscriptions/entities/subscription.entity';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { startStripeFake, stripeFakeEnv, type StripeFake } from '../fakes/stripe-fake';
import { payoutsClient } from '../payments/payouts/payouts-client';
import { IdentityUser } from '../../src/modules/identity/entities/identity-user.entity';
import { mailsArrived, mailsTo } from '../identity/outbox';
import { idpCall, latestCode, signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { PNG } from '../support/images';
import { createTestAppWith, type TestApp, withPostgres } from '../support/test-app';
import { everyRowNaming } from './every-table';

jest.setTimeout(180_000);

const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'Contraseña-segura-1';
/** The tables kept for the accounts (the ledger, the payments, the connected account earnings owed are paid to, the audit chain): they may name the erased account by its id, never by its e-mail. */
const KEPT_FOR_THE_ACCOUNTS = ['audit_log', 'creator_ledger_entries', 'subscriptions', 'demo_gateway_subscriptions', 'creator_accounts', 'api_invoices'];

/**
 * Issue 37, items 2 and 3: 'Eliminar mi cuenta' confirmed with the e-mail and password; at once
 * every session and API key is refused, public agents leave the marketplace and subscriptions end
 * with their period; for 30 days the account only sees its pending deletion (and may cancel it);
 * then, or at once by an admin, everything is erased, except the accounts' rows under a pseudonym.
 * With both payment gateways; on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
function describeAccountDeletion(gatewayName: 'demo' | 'stripe') {
  describe(`account deletion, ${gatewayName} gateway`, () => {
    let stripe: StripeFake | null = null;
    let testApp: TestApp;
    let client: ReturnType<typeof payoutsClient>;
    let admin: SignedInUser;
    let other: SignedInUser;
    let otherAgent: { id: string; priceId: string | null };
    let users = 0;
    const env = () => (stripe ? stripeFakeEnv(stripe, 'whsec_test_fake', { ADMIN_EMAILS: 'jefa@example.com' }) : { ADMIN_EMAILS: 'jefa@example.com' });
    const http = () => request(testApp.server);
    const start = (extra: Record<string, string> = {}) => createTestAppWith([[ModelGateway, new FakeModelGateway()]], { ...env(), ...extra });

    beforeAll(async () => {
      if (gatewayName === 'stripe') stripe = await startStripeFake();
      testApp = await start();
      client = payoutsClient(testApp);
      admin = await signUpAndSignIn(testApp, 'jefa@example.com');
      other = await signUpAndSignIn(testApp, 'otra@example.com');
      otherAgent = await client.paidAgent(other, 'Asesora de Otra', 10);
      // Its API is for sale too: the users below buy keys for it.
      await http().post(`/api/agent/${otherAgent.id}/publication`).set(other.authorization).send({}).expect(201);
      await http()
        .put(`/api/publication/${otherAgent.id}/pricing`)
        .set(other.authorization)
        .send({ available: true, per1000Calls: 1_000, perMillionInputTokens: 0, perMillionOutputTokens: 0 })
        .expect(200);
      await http().post('/api/conversations').set(other.authorization).send({ title: 'La conversación de otra' }).expect(201);
    });

    afterAll(async () => {
      await testApp?.close();
      await stripe?.close();
    });

    const signIn = async (user: SignedInUser): Promise<SignedInUser> => {
      const { body } = await idpCall(testApp, 'InitiateAuth', {
        ClientId: testApp.config.identity.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: PASSWORD },
      }).expect(200);
      return { ...user, idToken: body.AuthenticationResult.IdToken, authorization: { Authorization: `Bearer ${body.AuthenticationResult.IdToken}` } };
    };

    /** A user with a profile, a conversation with a reply, a file, a paid public agent with its API key and a subscriber, a subscription of their own and a key bought for another creator's agent. */
    async function userWithData() {
      users += 1;
      const email = `borrable-${users}@example.com`;
      const user = await signUpAndSignIn(testApp, email, PASSWORD, 'Dora Borrable');
      await http().post('/api/users/registration').set(user.authorization).send({ contactName: 'Dora Borrable', email }).expect(201);
      expect((await client.chat(user, otherAgent.id)).status).toBe(403); // not subscribed yet
      const customerId = await client.buyer(user);
      const ownSubscription = (await client.subscribe(user, customerId, otherAgent.priceId as string).expect(201)).body.subscription.subscriptionId as string;
      expect((await client.chat(user, otherAgent.id)).status).toBe(200);
      await http().post('/api/files').set(user.authorization).attach('file', PNG, { filename: 'foto.png', contentType: 'image/png' }).expect(201);
      const agent = await client.paidAgent(user, `Agente de Dora ${users}`, 7);
      const publication = (await http().post(`/api/agent/${agent.id}/publication`).set(user.authorization).send({}).expect(201)).body;
      const key = publication.apiKey.secret as string;
      // Another user subscribes to their agent: the creator's side of the ledger.
      const subscriber = await signUpAndSignIn(testApp, `suscriptor-${users}@example.com`);
      const subscriberCustomer = await client.buyer(subscriber);
      const subscriberSubscription = (await client.subscribe(subscriber, subscriberCustomer, agent.priceId as string).expect(201)).body.subscription.subscriptionId as string;
      const boughtKey = (await http().post('/api/me/api-keys').set(user.authorization).send({ agentId: otherAgent.id, name: 'Mi clave comprada' }).expect(201)).body.secret as string;
      return { user, agent, key, boughtKey, customerId, ownSubscription, subscriberSubscription };
    }

    const models = (key: string) => http().get('/api/v1/models').set('x-api-key', key);
    const requestDeletion = (user: SignedInUser, body: object) => http().post('/api/me/delete').set(user.authorization).send(body);
    const storedSubscription = (subscriptionId: string) => testApp.app.get(DataSource).getRepository(Subscription).findOneByOrFail({ subscriptionId });

    it('refuses the only enabled admin, in Spanish, and schedules nothing: the platform is never left without an admin', async () => {
      const refused = await requestDeletion(admin, { confirmEmail: admin.email, password: PASSWORD }).expect(409);
      expect(refused.body).toMatchObject({ message: 'Eres el único administrador: nombra antes a otro administrador para eliminar tu cuenta.', code: 'LastAdmin' });
      expect((await http().get('/api/me/delete').set(admin.authorization).expect(200)).body).toEqual({ scheduledFor: null });
    });

    it('asks for the e-mail and the password; then refuses every session and key, hides the public agents, ends the renewals; signing in shows only the pending deletion; cancelling restores', async () => {
      const { user, agent, key, ownSubscription } = await userWithData();
      await models(key).expect(200);

      expect((await requestDeletion(user, { confirmEmail: 'otra@example.com', password: PASSWORD }).expect(400)).body).toMatchObject({ code: 'ConfirmEmailMismatch', message: 'El correo electrónico no coincide con el de tu cuenta.' });
      expect((await requestDeletion(user, { confirmEmail: user.email, password: 'No-es-la-buena-1' }).expect(400)).body).toMatchObject({ code: 'WrongPassword', message: 'La contraseña no es correcta.' });
      await requestDeletion(user, { confirmEmail: user.email }).expect(400);

      const before = Date.now();
      const { body } = await requestDeletion(user, { confirmEmail: user.email.toUpperCase(), password: PASSWORD }).expect(202);
      expect(new Date(body.scheduledFor).getTime()).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
      expect(new Date(body.scheduledFor).getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

      // At once: the token and the refresh token are refused, the key too, the agent is out of the marketplace.
      await http().get('/api/conversations').set(user.authorization).expect(401);
      expect(
        (await idpCall(testApp, 'InitiateAuth', { ClientId: testApp.config.identity.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: user.refreshToken } }).expect(400)).body.__type,
      ).toBe('NotAuthorizedException');
      expect((await models(key).expect(403)).body.error).toMatchObject({ code: 'AccountDisabled' });
      await http().get(`/api/agents/${agent.id}`).expect(404);
      expect(await storedSubscription(ownSubscription)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

      // Signing in again (tokens count whole seconds): only the pending screen's routes answer.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const again = await signIn(user);
      const refused = (await http().get('/api/conversations').set(again.authorization).expect(403)).body;
      expect(refused).toMatchObject({ code: 'AccountDeletionPending', message: expect.stringMatching(/^Tu cuenta se eliminará el \d{1,2} de [a-z]+ de \d{4}\.$/) });
      await http().post('/api/agents').set(again.authorization).send({ name: 'Nuevo', category: 'finance', description: 'x' }).expect(403);
      await requestDeletion(again, { confirmEmail: user.email, password: PASSWORD }).expect(403);
      expect((await http().get('/api/me/delete').set(again.authorization).expect(200)).body).toEqual({ scheduledFor: body.scheduledFor });
      // A public page answers as to a visitor.
      await http().get(`/api/agents/${otherAgent.id}`).set(again.authorization).expect(200);

      expect((await http().post('/api/me/delete/cancel').set(again.authorization).expect(200)).body).toEqual({ scheduledFor: null });
      await http().get('/api/conversations').set(again.authorization).expect(200);
      await models(key).expect(200);
      expect((await http().get('/api/me/delete').set(again.authorization).expect(200)).body).toEqual({ scheduledFor: null });
      expect((await http().post('/api/me/delete/cancel').set(again.authorization).expect(200)).body).toEqual({ scheduledFor: null });
      const audit = (await http().get('/api-admin/audit?limit=50').set(admin.authorization).expect(200)).body.items.map((entry: { action: string; target: string }) => [entry.action, entry.target]);
      expect(audit).toEqual(expect.arrayContaining([['account.deletion-request', `user:${user.sub}`], ['account.deletion-cancel', `user:${user.sub}`]]));
    });

    it('confirms with the e-mailed code when that is the second factor: the first request sends it, the second with the code schedules the deletion', async () => {
      const eva = await signUpAndSignIn(testApp, `codigo-${gatewayName}@example.com`, PASSWORD);
      await testApp.app.get(DataSource).getRepository(IdentityUser).update({ sub: eva.sub }, { emailMfaEnabled: true, preferredMfa: 'EMAIL_OTP' });
      const mails = mailsTo(testApp, eva.email);
      const ask = (body: object) => requestDeletion(eva, { confirmEmail: eva.email, password: PASSWORD, ...body });

      expect((await ask({}).expect(400)).body).toMatchObject({ code: 'MfaCodeSent', message: 'Te hemos enviado un código a tu correo electrónico. Escríbelo para confirmar la eliminación.' });
      await mailsArrived(testApp, eva.email, mails + 1);
      const code = latestCode(testApp, eva.email);
      expect((await ask({ mfaCode: code === '000000' ? '111111' : '000000' }).expect(400)).body).toMatchObject({ code: 'WrongMfaCode', message: 'El código de verificación no es correcto.' });
      const { scheduledFor } = (await ask({ mfaCode: code }).expect(202)).body;
      expect(new Date(scheduledFor).getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
      // One code e-mailed for the whole confirmation, and the waiting sign-in is gone.
      expect(mailsTo(testApp, eva.email)).toBe(mails + 1);
      expect(await everyRowNaming(testApp, [eva.sub]).then((rows) => rows.filter((row) => row.table === 'account_deletion_code_challenges'))).toEqual([]);
      await http().get('/api/conversations').set(eva.authorization).expect(401);
    });

    it('erases at an admin’s request: nothing of the user is left in any table but the pseudonymised accounts’ rows, and the other users’ data is intact', async () => {
      const { user, agent, key, boughtKey, customerId, subscriberSubscription } = await userWithData();
      await models(boughtKey).expect(200);
      // What the month's API billing keeps of a buyer whose invoice failed (written as the billing module writes them).
      const dataSource = testApp.app.get(DataSource);
      const invoiceId = randomUUID();
      await dataSource.createQueryBuilder().insert().into('api_invoices').values({
        id: invoiceId, buyerSub: user.sub, month: '2026-10', status: 'payment_failed', total: 345, currency: 'eur', provider: gatewayName,
        gatewayInvoiceId: null, hostedInvoiceUrl: null, lines: [], chargeAttempts: 1, paidAt: null, updatedAt: new Date(),
      }).execute();
      await dataSource.createQueryBuilder().insert().into('api_billing_accounts').values({ buyerSub: user.sub, subscriptionId: null, subscribedAt: null, subscribedPrices: '' }).execute();
      await dataSource.createQueryBuilder().insert().into('api_buyer_suspensions').values({ buyerSub: user.sub, suspendedAt: new Date(), invoiceId }).execute();
      await client.onboard(user).expect(200);
      const connected = (await client.account(user).expect(200)).body;
      await http().post(`/api-admin/users/${user.sub}/erase`).set(user.authorization).expect(403);
      await http().post(`/api-admin/users/${admin.sub}/erase`).set(admin.authorization).expect(400);
      await http().post('/api-admin/users/no-existe/erase').set(admin.authorization).expect(404);

      expect((await http().post(`/api-admin/users/${user.sub}/erase`).set(admin.authorization).expect(200)).body).toEqual({ id: user.sub, erased: true });

      // Before anyone types the address again (a failed sign-in counts by the name typed).
      const leftovers = await everyRowNaming(testApp, [user.sub, user.email]);
      expect(leftovers.filter((row) => !KEPT_FOR_THE_ACCOUNTS.includes(row.table))).toEqual([]);
      expect(leftovers.filter((row) => row.text.toLowerCase().includes(user.email))).toEqual([]);
      expect(leftovers.map((row) => row.table)).toEqual(expect.arrayContaining(['subscriptions', 'audit_log', 'creator_accounts']));
      // The invoice stays, for the accounts, under the pseudonym.
      expect(await dataSource.getRepository(ApiInvoice).findOneByOrFail({ id: invoiceId })).toMatchObject({ buyerSub: AccountEraser.pseudonymOf(user.sub), total: 345 });
      // The connected account stays, so that bundle shares still owed to the creator are transferred to it.
      expect(await testApp.app.get(DataSource).getRepository(CreatorAccount).findOneBy({ userSub: user.sub })).toMatchObject({ accountId: connected.accountId });
      expect((await http().get('/api-admin/audit/verify').set(admin.authorization).expect(200)).body.valid).toBe(true);

      await http().get('/api/conversations').set(user.authorization).expect(401);
      expect((await idpCall(testApp, 'InitiateAuth', { ClientId: testApp.config.identity.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user.email, PASSWORD } }).expect(400)).body.__type).toBe(
        'NotAuthorizedException',
      );
      await models(key).expect(401);
      await models(boughtKey).expect(401);
      await http().get(`/api/agents/${agent.id}`).set(admin.authorization).expect(404);
      await http().post(`/api-admin/users/${user.sub}/erase`).set(admin.authorization).expect(404);
      // Their subscriber is charged no more; their customer is gone from the gateway (the demo gateway's is a row, which the every-table check sees).
      expect(await storedSubscription(subscriberSubscription)).toMatchObject({ status: 'cancelled' });
      if (stripe) expect(stripe.state.customers.has(customerId)).toBe(false);


      // The others: their account, conversation and agent are there.
      const otherAgain = await signIn(other);
      const conversations = (await http().get('/api/conversations').set(otherAgain.authorization).expect(200)).body;
      expect(JSON.stringify(conversations)).toContain('La conversación de otra');
      await http().get(`/api/agents/${otherAgent.id}`).expect(200);
      expect((await everyRowNaming(testApp, [other.sub])).map((row) => row.table)).toEqual(expect.arrayContaining(['identity_users', 'user_profiles', 'agents', 'conversations']));
    });

    // In demo mode no money moves: only Stripe pays bundle shares out.
    if (gatewayName === 'stripe') it('still pays an erased creator the bundle shares owed to them, to the connected account kept for it', async () => {
      if (!stripe) throw new Error('Stripe fake not started');
      const owner = await signUpAndSignIn(testApp, 'duena-del-paquete@example.com');
      const creator = await signUpAndSignIn(testApp, 'creadora-borrada@example.com', PASSWORD);
      await client.onboard(creator).expect(200);
      const accountId = (await client.account(creator).expect(200)).body.accountId as string;
      stripe.enableAccount(accountId);
      const own = await client.paidAgent(owner, 'Contable de la dueña', 10);
      const theirs = await client.paidAgent(creator, 'Laboral de la borrada', 10, { ecosystemInclusionAllowed: true, ecosystemMinimumPrice: 5 });
      const bundle = await client.bundle(owner, 'Oficina compartida', [own.id, theirs.id], 20);
      const buyer = await signUpAndSignIn(testApp, 'compradora-del-paquete@example.com');
      const { subscriptionId } = (await client.subscribe(buyer, await client.buyer(buyer), bundle.priceId).expect(201)).body.subscription;
      const ledger = testApp.app.get(DataSource).getRepository(CreatorLedgerEntry);
      const now = new Date();
      await ledger.update({ subscriptionId }, { period: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)).toISOString().slice(0, 7) });

      await http().post(`/api-admin/users/${creator.sub}/erase`).set(admin.authorization).expect(200);
      const { body } = await http().post('/api-admin/payouts/settle').set(admin.authorization).send({}).expect(200);
      expect(body.paid).toEqual(expect.arrayContaining([expect.objectContaining({ creatorSub: creator.sub, destinationAccountId: accountId })]));
      expect([...stripe.state.transfers.values()]).toEqual(expect.arrayContaining([expect.objectContaining({ destination: accountId })]));
    });

    it('survives a restart during the 30 days, and the job erases the account once they are over, on one instance', async () => {
      const first = await start();
      const user = await signUpAndSignIn(first, 'reinicio@example.com', PASSWORD);
      await request(first.server).post('/api/conversations').set(user.authorization).send({ title: 'Antes del reinicio' }).expect(201);
      await request(first.server).post('/api/me/delete').set(user.authorization).send({ confirmEmail: user.email, password: PASSWORD }).expect(202);
      await first.app.close();

      const database = first.config.database as { schema?: string };
      const second = await start({ DATA_DIR: first.config.dataDir, ...(database.schema ? { DATABASE_SCHEMA: database.schema } : {}) });
      try {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const { body } = await idpCall(second, 'InitiateAuth', { ClientId: second.config.identity.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user.email, PASSWORD } }).expect(200);
        const again = { Authorization: `Bearer ${body.AuthenticationResult.IdToken}` };
        expect((await request(second.server).get('/api/conversations').set(again).expect(403)).body.code).toBe('AccountDeletionPending');

        const job = second.app.get(AccountErasureJob);
        expect(await job.runIfLeader(new Date(Date.now() + 29 * DAY_MS))).toBe(0);
        expect(await everyRowNaming(second, [user.sub])).not.toEqual([]);
        expect(await job.runIfLeader(new Date(Date.now() + 31 * DAY_MS))).toBe(1);
        // Another instance finds the period's lease taken.
        expect(await second.app.get(Leases).take('account-erasure', 60_000, { now: new Date(Date.now() + 31 * DAY_MS), holder: 'otra-instancia' })).toBe(false);
        expect((await everyRowNaming(second, [user.sub, user.email])).filter((row) => !KEPT_FOR_THE_ACCOUNTS.includes(row.table))).toEqual([]);
        await request(second.server).get('/api/me/delete').set(again).expect(401);
      } finally {
        await second.close();
        rmSync(first.config.dataDir, { recursive: true, force: true });
        const url = process.env.TEST_DATABASE_URL;
        if (url && database.schema) await withPostgres(url, (pg) => pg.query(`DROP SCHEMA IF EXISTS "${database.schema}" CASCADE`));
      }
    });
  });
}

describeAccountDeletion('demo');
describeAccountDeletion('stripe');
