import request from 'supertest';
import { DataSource } from 'typeorm';
import { IdentityUser } from '../src/modules/identity/entities/identity-user.entity';
import { idpCall, signUpAndSignIn, type SignedInUser } from './support/identity-client';
import { createTestApp, type TestApp } from './support/test-app';

describe('users API', () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
  });

  afterAll(() => testApp.close());

  const http = () => request(testApp.server);

  describe('POST /users/registration', () => {
    it('needs a signed-in caller', async () => {
      await http().post('/api/users/registration').send({ contactName: 'Ana' }).expect(401);
    });

    it('refuses a forged token', async () => {
      const [header, payload] = ana.idToken.split('.');
      await http()
        .post('/api/users/registration')
        .set('Authorization', `Bearer ${header}.${payload}.firma-falsa`)
        .send({ contactName: 'Ana' })
        .expect(401);
    });

    it("stores the caller's contact name with the e-mail of their account", async () => {
      const response = await http()
        .post('/api/users/registration')
        .set(ana.authorization)
        .send({ contactName: '  Ana García ', email: 'ana@example.com' })
        .expect(201);
      expect(response.body).toMatchObject({ id: ana.sub, username: 'ana@example.com', contactName: 'Ana García', email: 'ana@example.com' });
    });

    it('refuses an e-mail that is not the account’s', async () => {
      const response = await http()
        .post('/api/users/registration')
        .set(ana.authorization)
        .send({ contactName: 'Ana', email: 'otra@example.com' })
        .expect(400);
      expect(response.body.message).toBe('El correo no coincide con el de tu cuenta.');
    });

    it.each([
      [{}, /contactName/],
      [{ contactName: '   ' }, /contactName/],
      [{ contactName: 42 }, /contactName/],
      [{ contactName: 'Ana', role: 'admin' }, /role/],
    ])('answers bad input %j with a 400 naming the field', async (body, field) => {
      const response = await http().post('/api/users/registration').set(ana.authorization).send(body).expect(400);
      expect(response.body.message).toMatch(field);
    });
  });

  describe('reading a registration', () => {
    beforeAll(async () => {
      await http().post('/api/users/registration').set(bob.authorization).send({ contactName: 'Bob' }).expect(201);
    });

    it('by subject or username, for the owner', async () => {
      await http().get(`/api/users/registration/${bob.sub}`).set(bob.authorization).expect(200);
      const contact = await http().get('/api/users/registration/username/bob@example.com').set(bob.authorization).expect(200);
      expect(contact.body).toEqual({ contactName: 'Bob', email: 'bob@example.com' });
    });

    it("is refused (403) for another user's id", async () => {
      await http().get(`/api/users/registration/${bob.sub}`).set(ana.authorization).expect(403);
      await http().get('/api/users/registration/username/bob@example.com').set(ana.authorization).expect(403);
    });

    it('is allowed to an admin', async () => {
      const response = await http().get(`/api/users/registration/${bob.sub}`).set(admin.authorization).expect(200);
      expect(response.body.contactName).toBe('Bob');
    });

    it('is a 404 with a clear message when there is none', async () => {
      const response = await http().get('/api/users/registration/nadie@example.com').set(admin.authorization).expect(404);
      expect(response.body.message).toBe('No se encontró el registro del usuario.');
    });
  });

  it("makes a signed-up user's registration from their account on first read", async () => {
    const cleo = await signUpAndSignIn(testApp, 'cleo@example.com', undefined, 'Cleo Pérez');
    const response = await http().get('/api/users/registration/username/cleo@example.com').set(cleo.authorization).expect(200);
    expect(response.body).toEqual({ contactName: 'Cleo Pérez', email: 'cleo@example.com' });
  });

  describe('PUT /users/{id} and the interaction state', () => {
    it('starts with nothing done', async () => {
      const response = await http().get(`/api/users/${ana.sub}/interaction-state`).set(ana.authorization).expect(200);
      expect(response.body).toEqual({ firstAgentCreated: false, interactionComplete: false });
    });

    it('lets the owner update their contact name and interaction flag', async () => {
      await http()
        .put('/api/users/ana@example.com')
        .set(ana.authorization)
        .send({ contactName: 'Ana G.', interactionComplete: true })
        .expect(200);
      const state = await http().get('/api/users/ana@example.com/interaction-state').set(ana.authorization).expect(200);
      expect(state.body).toEqual({ firstAgentCreated: false, interactionComplete: true });
    });

    it('refuses to let one user change or read another', async () => {
      await http().put(`/api/users/${bob.sub}`).set(ana.authorization).send({ contactName: 'Hackeado' }).expect(403);
      await http().get(`/api/users/${bob.sub}/interaction-state`).set(ana.authorization).expect(403);
      const unchanged = await http().get(`/api/users/registration/${bob.sub}`).set(bob.authorization).expect(200);
      expect(unchanged.body.contactName).toBe('Bob');
    });

    it('refuses a request whose x-user-id or userId query is not the caller', async () => {
      await http().get(`/api/users/${ana.sub}/interaction-state`).set(ana.authorization).set('x-user-id', 'bob@example.com').expect(403);
      await http().get(`/api/users/${ana.sub}/interaction-state?userId=${bob.sub}`).set(ana.authorization).expect(403);
    });

    it('answers a wrong type with a 400', async () => {
      await http().put(`/api/users/${ana.sub}`).set(ana.authorization).send({ interactionComplete: 'sí' }).expect(400);
    });
  });
});

describe('user ids: one canonical identity per check', () => {
  let testApp: TestApp;
  let victim: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    victim = await signUpAndSignIn(testApp, 'victima@example.com', undefined, 'Víctima');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    await request(testApp.server).post('/api/users/registration').set(victim.authorization).send({ contactName: 'Víctima' }).expect(201);
  });

  afterAll(() => testApp.close());

  const signUpAs = (username: string) =>
    idpCall(testApp, 'SignUp', {
      ClientId: testApp.config.identity.clientId,
      Username: username,
      Password: 'Contraseña-segura-1',
      UserAttributes: [
        { Name: 'email', Value: 'okupa@example.com' },
        { Name: 'name', Value: 'Okupa' },
      ],
    });

  it("refuses at sign-up a username shaped like a user id, such as another user's subject", async () => {
    for (const username of [victim.sub, victim.sub.toUpperCase(), '00000000-0000-0000-0000-000000000000']) {
      const response = await signUpAs(username).expect(400);
      expect(response.body).toEqual({
        __type: 'InvalidParameterException',
        message: 'Username cannot have the form of a user id (a UUID). Choose another username.',
      });
    }
    await signUpAs('okupa').expect(200);
  });

  it("does not take an account whose username is another user's subject for that user", async () => {
    // An account from before sign-up refused such names: its username is the victim's subject.
    const squatter = await signUpAndSignIn(testApp, 'okupa2@example.com');
    await testApp.app.get(DataSource).getRepository(IdentityUser).update({ sub: squatter.sub }, { username: victim.sub });
    const signedIn = await idpCall(testApp, 'InitiateAuth', {
      ClientId: testApp.config.identity.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'okupa2@example.com', PASSWORD: 'Contraseña-segura-1' },
    }).expect(200);
    const idToken = signedIn.body.AuthenticationResult.IdToken as string;
    expect(JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString())['cognito:username']).toBe(victim.sub);
    const asSquatter = { Authorization: `Bearer ${idToken}` };

    const read = await request(testApp.server).get(`/api/users/registration/${victim.sub}`).set(asSquatter).expect(403);
    expect(JSON.stringify(read.body)).not.toContain('victima@example.com');
    await request(testApp.server).get(`/api/users/${victim.sub}/interaction-state`).set(asSquatter).expect(403);
    await request(testApp.server).put(`/api/users/${victim.sub}`).set(asSquatter).send({ contactName: 'Okupa' }).expect(403);
    await request(testApp.server).get(`/api/conversations?userId=${victim.sub}`).set(asSquatter).expect(403);
    await request(testApp.server).get(`/api/user-agents/${victim.sub}`).set(asSquatter).expect(403);
    await request(testApp.server).get(`/api/user-ecosystems/${victim.sub}`).set(asSquatter).expect(403);
    await request(testApp.server).get(`/api/stripe-user-subscriptions/subscriptions/user/${victim.sub}/cualquiera`).set(asSquatter).expect(403);
    await request(testApp.server).post(`/api/users/${victim.sub}/nova-prompt`).set(asSquatter).send({}).expect(403);

    // The squatter's own profile (username = the victim's subject) never answers for the victim.
    await request(testApp.server).get(`/api/users/registration/${squatter.sub}`).set(asSquatter).expect(200);
    const byAdmin = await request(testApp.server).get(`/api/users/registration/${victim.sub}`).set(admin.authorization).expect(200);
    expect(byAdmin.body).toMatchObject({ id: victim.sub, email: 'victima@example.com', contactName: 'Víctima' });
    const unchanged = await request(testApp.server).get(`/api/users/registration/${victim.sub}`).set(victim.authorization).expect(200);
    expect(unchanged.body.contactName).toBe('Víctima');
  });
});

describe('the admin area', () => {
  let testApp: TestApp;
  let member: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    member = await signUpAndSignIn(testApp, 'socia@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
  });

  afterAll(() => testApp.close());

  it.each(['/api-admin/users', '/api-admin/agents', '/api-admin/metrics/agents', '/api-admin/lo-que-sea'])(
    'refuses %s to visitors (401) and to non-admins (403)',
    async (path) => {
      await request(testApp.server).get(path).expect(401);
      const refused = await request(testApp.server).get(path).set(member.authorization).expect(403);
      expect(refused.body.message).toBe('Esta acción está reservada a los administradores.');
      await request(testApp.server).delete(path).set(member.authorization).expect(403);
    },
  );

  it('lets an admin in (an unknown admin path is then a JSON 404)', async () => {
    const response = await request(testApp.server).get('/api-admin/lo-que-sea').set(admin.authorization).expect(404);
    expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
