import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { signUpAndSignIn } from '../support/identity-client';
import { createTestApp, TestApp } from '../support/test-app';

const RECEIVED = 'Gracias, hemos recibido tu mensaje. Te responderemos en un plazo de 48 horas laborables.';
const TOO_MANY = 'Has enviado demasiados mensajes de contacto. Espera un rato (como máximo una hora) y vuelve a intentarlo.';

let ipCounter = 0;
/** A fresh client address per test, so that the per-IP limit of one test does not touch another. */
const nextIp = () => `203.0.113.${(ipCounter += 1)}`;

const validBody = () => ({
  name: 'Ana García',
  email: `ana-${randomUUID().slice(0, 8)}@example.com`,
  section: 'facturacion',
  subject: 'Un cargo que no reconozco',
  message: 'Hola, este mes veo un cargo doble en mi tarjeta. ¿Podéis revisarlo?',
});

function outbox(testApp: TestApp): Array<{ file: string; eml: string }> {
  const directory = join(testApp.config.dataDir, 'outbox');
  if (!existsSync(directory)) return [];
  return readdirSync(directory).map((file) => ({ file, eml: readFileSync(join(directory, file), 'utf8') }));
}

/** The stored contact messages (one, given its id), straight from the table. */
async function contactRows(testApp: TestApp, id?: string): Promise<Array<Record<string, unknown>>> {
  const { database } = testApp.config;
  const table = database.type === 'postgres' ? `"${database.schema}"."contact_messages"` : 'contact_messages';
  const dataSource = testApp.app.get(DataSource);
  if (id === undefined) return dataSource.query(`SELECT * FROM ${table}`);
  return dataSource.query(`SELECT * FROM ${table} WHERE id = ${database.type === 'postgres' ? '$1' : '?'}`, [id]);
}

describe('POST /api/contact', () => {
  let testApp: TestApp;
  const send = (body: object, ip = nextIp(), headers: Record<string, string> = {}) =>
    request(testApp.server).post('/api/contact').set('X-Forwarded-For', ip).set(headers).send(body);

  beforeAll(async () => {
    testApp = await createTestApp({ TRUST_PROXY: 'loopback', PRODUCT_NAME: 'Acme', PUBLIC_URL: 'https://acme.example' });
  });

  afterAll(() => testApp.close());

  it('stores the message, e-mails support with Reply-To the sender, and acknowledges to the sender', async () => {
    const body = validBody();
    const ip = nextIp();
    const response = await send(body, ip).expect(201);
    expect(response.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), message: RECEIVED });

    const [row] = await contactRows(testApp, response.body.id);
    expect(row).toMatchObject({
      name: body.name,
      email: body.email,
      section: 'facturacion',
      subject: body.subject,
      message: body.message,
      user_sub: null,
    });
    expect(row.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(ip);
    expect(row.created_at).toBeTruthy();

    const mails = outbox(testApp);
    const toSupport = mails.find(({ file }) => file.endsWith('-soporte@acme.example.eml'));
    expect(toSupport?.eml).toContain(`Reply-To: ${body.email}\r\n`);
    expect(toSupport?.eml).toContain(body.message);
    expect(toSupport?.eml).toContain(response.body.id);
    const toSender = mails.find(({ file }) => file.endsWith(`-${body.email}.eml`));
    expect(toSender?.eml).toContain('48 horas laborables');
    // The acknowledgement repeats nothing the sender wrote: the form is no relay.
    expect(toSender?.eml).not.toContain(body.message);
    expect(toSender?.eml).not.toContain('cargo');
  });

  it("files the message in 'general' when no section is given, and records a signed-in sender", async () => {
    const user = await signUpAndSignIn(testApp, `contacto-${randomUUID().slice(0, 8)}@example.com`);
    const { section: _section, ...body } = validBody();
    const response = await send(body, nextIp(), user.authorization).expect(201);
    const [row] = await contactRows(testApp, response.body.id);
    expect(row).toMatchObject({ section: 'general', user_sub: user.sub });
  });

  it('gives the same IP the same hash, and another IP another', async () => {
    const ip = nextIp();
    const first = await send(validBody(), ip).expect(201);
    const second = await send(validBody(), ip).expect(201);
    const third = await send(validBody(), nextIp()).expect(201);
    const hash = async (id: string) => (await contactRows(testApp, id))[0].ip_hash;
    expect(await hash(first.body.id)).toBe(await hash(second.body.id));
    expect(await hash(third.body.id)).not.toBe(await hash(first.body.id));
  });

  it.each([
    ['no name', { name: '' }, 'El nombre debe tener entre 1 y 120 caracteres'],
    ['a name over 120 characters', { name: 'n'.repeat(121) }, 'El nombre debe tener entre 1 y 120 caracteres'],
    ['an invalid e-mail', { email: 'ana@' }, 'El correo electrónico no es válido'],
    ['an unknown section', { section: 'otros' }, 'La sección debe ser una de: general, soporte, ventas, facturacion, privacidad, prensa'],
    ['no subject', { subject: '   ' }, 'El asunto debe tener entre 1 y 160 caracteres'],
    ['a subject over 160 characters', { subject: 's'.repeat(161) }, 'El asunto debe tener entre 1 y 160 caracteres'],
    ['a message under 10 characters', { message: 'Hola     ' }, 'El mensaje debe tener entre 10 y 5000 caracteres'],
    ['a message over 5000 characters', { message: 'm'.repeat(5001) }, 'El mensaje debe tener entre 10 y 5000 caracteres'],
    ['an unknown field', { phone: '600000000' }, 'la propiedad phone no está permitida'],
  ])('refuses %s with a Spanish 400 and stores nothing', async (_case, change, message) => {
    const before = (await contactRows(testApp)).length;
    const response = await send({ ...validBody(), ...change }).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(response.body.message).toContain(message);
    expect((await contactRows(testApp)).length).toBe(before);
  });

  it('answers a filled honeypot as usual but stores and sends nothing', async () => {
    const rowsBefore = (await contactRows(testApp)).length;
    const mailsBefore = outbox(testApp).length;
    const response = await send({ ...validBody(), website: 'https://spam.example' }).expect(201);
    expect(response.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), message: RECEIVED });
    expect((await contactRows(testApp)).length).toBe(rowsBefore);
    expect(outbox(testApp).length).toBe(mailsBefore);
  });

  it('accepts an empty honeypot', async () => {
    await send({ ...validBody(), website: '' }).expect(201);
  });

  it('allows 5 messages an hour per IP, then answers 429 in Spanish', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) await send(validBody(), ip).expect(201);
    const response = await send(validBody(), ip).expect(429);
    expect(response.body).toEqual({ statusCode: 429, message: TOO_MANY, error: 'Too Many Requests' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    await send(validBody(), nextIp()).expect(201);
  });
});

describe('POST /api/contact without TRUST_PROXY', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(() => testApp.close());

  it('ignores X-Forwarded-For, so that a client cannot dodge the limit by forging it', async () => {
    for (let i = 0; i < 5; i += 1) {
      await request(testApp.server).post('/api/contact').set('X-Forwarded-For', `192.0.2.${i}`).send(validBody()).expect(201);
    }
    await request(testApp.server).post('/api/contact').set('X-Forwarded-For', '192.0.2.99').send(validBody()).expect(429);
  });
});

describe('POST /api/contact when e-mail cannot be sent', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    // Nothing listens on port 9 (discard): every delivery fails.
    testApp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });

  afterAll(() => testApp.close());

  it('keeps the message and still answers 201', async () => {
    const body = validBody();
    const response = await request(testApp.server).post('/api/contact').send(body).expect(201);
    expect(response.body.message).toBe(RECEIVED);
    const [row] = await contactRows(testApp, response.body.id);
    expect(row).toMatchObject({ email: body.email, subject: body.subject });
  });
});
