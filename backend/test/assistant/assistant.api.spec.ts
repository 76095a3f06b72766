import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import request from 'supertest';
import { signUpAndSignIn } from '../support/identity-client';
import { createTestApp, TestApp } from '../support/test-app';
import { rowCounts } from './database-rows';

const newSession = () => `sesion-${randomUUID()}`;

/** Sentences as a reader counts them: a ., ! or ? followed by a space or the end. */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/).filter((part) => part.trim().length > 0);
}

describe('POST /api/assistant/messages (Seshat, offline)', () => {
  let testApp: TestApp;
  const send = (body: object, headers: Record<string, string> = {}) =>
    request(testApp.server).post('/api/assistant/messages').set(headers).send(body);

  beforeAll(async () => {
    testApp = await createTestApp({ PRODUCT_NAME: 'Acme' });
  });

  afterAll(() => testApp.close());

  it('answers "¿Cómo creo un agente?" from the agent creator article, in 2 to 3 sentences', async () => {
    const response = await send({ sessionId: newSession(), message: '¿Cómo creo un agente?', page: 'Inicio' }).expect(200);
    expect(response.body).toMatchObject({ mode: 'offline' });
    expect(response.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body.articles[0]).toEqual({
      slug: 'crear-un-agente',
      title: 'Cómo crear un agente',
      url: '/support?article=crear-un-agente',
    });
    expect(response.body.articles.length).toBeLessThanOrEqual(3);
    expect(response.body.reply).toContain('creador de agentes');
    expect(response.body.reply).toContain('«Cómo crear un agente»');
    expect(sentences(response.body.reply).length).toBeGreaterThanOrEqual(2);
    expect(sentences(response.body.reply).length).toBeLessThanOrEqual(3);
  });

  it('answers "¿Cuáles son los planes?" from the plans article, in 2 to 3 sentences', async () => {
    const response = await send({ sessionId: newSession(), message: '¿Cuáles son los planes?' }).expect(200);
    expect(response.body.articles[0]).toMatchObject({ slug: 'planes-y-suscripciones', url: '/support?article=planes-y-suscripciones' });
    expect(response.body.reply).toMatch(/individual/);
    expect(response.body.reply).toMatch(/marketplace/);
    expect(sentences(response.body.reply).length).toBeGreaterThanOrEqual(2);
    expect(sentences(response.body.reply).length).toBeLessThanOrEqual(3);
  });

  it('always suggests how to create an agent and which are the plans, plus one question for the page', async () => {
    const response = await send({ sessionId: newSession(), message: 'contraseña', page: 'agent marketplace' }).expect(200);
    expect(response.body.articles[0].slug).toBe('restablecer-la-contrasena');
    expect(response.body.suggestedQuestions).toEqual([
      '¿Cómo creo un agente?',
      '¿Cuáles son los planes?',
      '¿Cómo añado un agente a mi equipo?',
    ]);
  });

  it('finds an answer for every question it suggests', async () => {
    const pages = ['agent marketplace', 'my office', 'chat with agents', 'login', 'register', 'contact centre', 'support centre', 'Inicio'];
    for (const page of pages) {
      const { body } = await send({ sessionId: newSession(), message: 'hola', page }).expect(200);
      for (const question of body.suggestedQuestions as string[]) {
        const answer = await send({ sessionId: newSession(), message: question, page }).expect(200);
        expect({ question, linked: answer.body.articles.length > 0 }).toEqual({ question, linked: true });
      }
    }
  });

  it('greets back briefly, and takes thanks naturally', async () => {
    const hello = await send({ sessionId: newSession(), message: '¡Hola!' }).expect(200);
    expect(hello.body.reply).toBe('¡Hola! Soy Seshat, el asistente de Acme. ¿En qué puedo ayudarte?');
    expect(hello.body.articles).toEqual([]);
    const thanks = await send({ sessionId: newSession(), message: 'muchas gracias' }).expect(200);
    expect(thanks.body.reply).toMatch(/^¡De nada!/);
    expect(sentences(thanks.body.reply).length).toBeLessThanOrEqual(3);
  });

  it('points to the support centre and the contact page when no article matches', async () => {
    const response = await send({ sessionId: newSession(), message: 'receta de pizza de pepperoni' }).expect(200);
    expect(response.body.articles).toEqual([]);
    expect(response.body.reply).toContain('/support');
    expect(response.body.reply).toContain('/contact');
    expect(sentences(response.body.reply).length).toBeGreaterThanOrEqual(2);
    expect(sentences(response.body.reply).length).toBeLessThanOrEqual(3);
  });

  it('greets a signed-in caller by name', async () => {
    const user = await signUpAndSignIn(testApp, `seshat-${randomUUID().slice(0, 8)}@example.com`, undefined, 'Lucía Pérez');
    const response = await send({ sessionId: newSession(), message: 'hola' }, user.authorization).expect(200);
    expect(response.body.reply).toMatch(/^¡Hola, Lucía!/);
  });

  it.each([
    ['an empty message', { message: '' }, 'El mensaje no puede estar vacío'],
    ['a whitespace-only message', { message: '   \n\t ' }, 'El mensaje no puede estar vacío'],
    ['a message over 2000 characters', { message: 'a'.repeat(2001) }, 'El mensaje no puede tener más de 2000 caracteres'],
    ['a missing message', { message: undefined }, 'El mensaje no puede estar vacío'],
    ['a short sessionId', { sessionId: 'abc' }, 'sessionId debe tener entre 8 y 64 caracteres: letras, números, guiones o guiones bajos'],
    ['a sessionId with spaces', { sessionId: 'sesion con espacios' }, 'sessionId debe tener entre 8 y 64 caracteres: letras, números, guiones o guiones bajos'],
    ['a sessionId over 64 characters', { sessionId: 'a'.repeat(65) }, 'sessionId debe tener entre 8 y 64 caracteres: letras, números, guiones o guiones bajos'],
    ['a page title over 80 characters', { page: 'p'.repeat(81) }, 'page no puede tener más de 80 caracteres'],
    ['an unknown field', { userId: 'someone' }, 'la propiedad userId no está permitida'],
  ])('refuses %s with a Spanish 400', async (_case, change, message) => {
    const body = { sessionId: newSession(), message: 'Hola', ...change };
    const response = await send(body).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(response.body.message).toContain(message);
  });

  it('allows 20 messages a minute per visitor, then answers 429 in Spanish', async () => {
    const sessionId = newSession();
    for (let i = 0; i < 20; i += 1) await send({ sessionId, message: '¿Cuáles son los planes?' }).expect(200);
    const response = await send({ sessionId, message: '¿Cuáles son los planes?' }).expect(429);
    expect(response.body).toEqual({
      statusCode: 429,
      message: 'Has enviado demasiados mensajes. Espera un momento y vuelve a intentarlo.',
      error: 'Too Many Requests',
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor (another session) is not held back by this one.
    await send({ sessionId: newSession(), message: '¿Cuáles son los planes?' }).expect(200);
  });

  it('stores nothing of the conversation', async () => {
    const before = await rowCounts(testApp);
    const filesBefore = readdirSync(testApp.config.dataDir).sort();
    const message = `Mi número secreto es ${randomUUID()}, ¿cómo creo un agente?`;
    await send({ sessionId: newSession(), message }).expect(200);
    await send({ sessionId: newSession(), message: 'gracias' }).expect(200);
    expect(await rowCounts(testApp)).toEqual(before);
    expect(readdirSync(testApp.config.dataDir).sort()).toEqual(filesBefore);
  });
});
