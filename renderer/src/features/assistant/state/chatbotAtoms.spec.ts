import { createStore } from 'jotai';
import { mockApi } from '../../../../test/api-mock';
import { ASSISTANT_SESSION_STORAGE_KEY } from '../utils/session';
import { chatbotStateAtom, sendMessageAtom } from './chatbotAtoms';

const reply = {
  id: 'r1',
  reply: 'Para crear un agente, entra en **Crear Agente Avanzado**.',
  mode: 'online',
  articles: [{ slug: 'crear-agente', title: 'Crear un agente', url: '/support?article=crear-agente' }],
  suggestedQuestions: ['¿Cómo publico un agente?'],
};

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('sending a message', () => {
  it('posts the trimmed message with the session id and the page, then shows the reply', async () => {
    const api = mockApi().on('POST', '/assistant/messages', { status: 201, body: reply });
    const store = createStore();
    await expect(store.set(sendMessageAtom, { text: '  ¿Cómo creo un agente?  ', page: 'Inicio' })).resolves.toBe(true);
    const { sessionId, messages, isTyping, isOnline, suggestions } = store.get(chatbotStateAtom);
    expect(api.callsTo('POST', '/assistant/messages')[0]?.body).toEqual({ sessionId, message: '¿Cómo creo un agente?', page: 'Inicio' });
    expect(messages.map((m) => [m.sender, m.content])).toEqual([
      ['user', '¿Cómo creo un agente?'],
      ['bot', reply.reply],
    ]);
    expect(messages[1]?.articles).toEqual(reply.articles);
    expect(isTyping).toBe(false);
    expect(isOnline).toBe(true);
    expect(suggestions).toEqual(['¿Cómo publico un agente?']);
  });

  it('does not send empty or whitespace-only messages', async () => {
    const api = mockApi().on('POST', '/assistant/messages', { body: reply });
    const store = createStore();
    await expect(store.set(sendMessageAtom, { text: '' })).resolves.toBe(false);
    await expect(store.set(sendMessageAtom, { text: '  \n ' })).resolves.toBe(false);
    expect(api.calls).toHaveLength(0);
    expect(store.get(chatbotStateAtom).messages).toHaveLength(0);
  });

  it('does not send a second message while the first is running', async () => {
    let answer: (() => void) | undefined;
    const api = mockApi().on('POST', '/assistant/messages', { body: reply });
    const originalFetch = globalThis.fetch;
    globalThis.fetch = ((...args: Parameters<typeof fetch>) =>
      new Promise<Response>((resolve) => {
        answer = () => resolve(originalFetch(...args));
      })) as typeof fetch;
    const store = createStore();
    const first = store.set(sendMessageAtom, { text: 'primera' });
    expect(store.get(chatbotStateAtom).isTyping).toBe(true);
    await expect(store.set(sendMessageAtom, { text: 'segunda' })).resolves.toBe(false);
    // The client reaches fetch after reading the session's token.
    while (!answer) await new Promise((resolve) => setTimeout(resolve, 0));
    answer();
    await first;
    expect(api.calls).toHaveLength(1);
    expect(store.get(chatbotStateAtom).messages.filter((m) => m.sender === 'user').map((m) => m.content)).toEqual(['primera']);
  });

  it('switches to offline with the spec text when the server cannot be reached', async () => {
    mockApi().on('POST', '/assistant/messages', { networkError: true });
    const store = createStore();
    await store.set(sendMessageAtom, { text: 'hola' });
    const state = store.get(chatbotStateAtom);
    expect(state.isOnline).toBe(false);
    expect(state.messages.at(-1)).toMatchObject({
      sender: 'bot',
      kind: 'error',
      content: 'Lo siento, hay problemas de conexión. He cambiado a modo offline.',
    });
  });

  it('switches to offline on a server error', async () => {
    mockApi().on('POST', '/assistant/messages', { status: 503, body: { message: 'Service Unavailable' } });
    const store = createStore();
    await store.set(sendMessageAtom, { text: 'hola' });
    expect(store.get(chatbotStateAtom).isOnline).toBe(false);
  });

  it('shows the server’s message for a rate limit and stays online', async () => {
    mockApi().on('POST', '/assistant/messages', { status: 429, body: { message: 'Has enviado demasiados mensajes. Espera un minuto.' } });
    const store = createStore();
    await store.set(sendMessageAtom, { text: 'hola' });
    const state = store.get(chatbotStateAtom);
    expect(state).toMatchObject({ isOnline: true, isTyping: false, error: 'Has enviado demasiados mensajes. Espera un minuto.' });
    expect(state.messages.filter((m) => m.sender === 'bot')).toHaveLength(0);
  });

  it('takes the offline mode of a reply from the help centre', async () => {
    mockApi().on('POST', '/assistant/messages', { status: 201, body: { ...reply, mode: 'offline' } });
    const store = createStore();
    await store.set(sendMessageAtom, { text: 'planes' });
    expect(store.get(chatbotStateAtom).isOnline).toBe(false);
  });
});

describe('session id', () => {
  it('is created once and kept in sessionStorage for the next pages', () => {
    const first = createStore().get(chatbotStateAtom).sessionId;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(window.sessionStorage.getItem(ASSISTANT_SESSION_STORAGE_KEY)).toBe(first);
    expect(createStore().get(chatbotStateAtom).sessionId).toBe(first);
  });
});
