import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { Provider as JotaiProvider, createStore } from 'jotai';
import type { ReactNode } from 'react';
import { mockApi } from '../../../../test/api-mock';
import { createQueryClient } from '../../../shared/api';
import { chatbotStateAtom } from '../state/chatbotAtoms';
import { useSendMessage, type SendOptions } from './useSendMessage';

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

/** The widget's send, as the conversation uses it, over a store of its own. */
function sender(store = createStore()) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>{children}</JotaiProvider>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useSendMessage(), { wrapper });
  const send = async (options: SendOptions) => {
    let sent = false;
    await act(async () => {
      sent = await result.current(options);
    });
    return sent;
  };
  return { store, send, start: (options: SendOptions) => result.current(options) };
}

describe('sending a message', () => {
  it('posts the trimmed message with the session id and the page, then shows the reply', async () => {
    const api = mockApi().on('POST', '/assistant/messages', { status: 201, body: reply });
    const { store, send } = sender();
    await expect(send({ text: '  ¿Cómo creo un agente?  ', page: 'Inicio' })).resolves.toBe(true);
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
    const { store, send } = sender();
    await expect(send({ text: '' })).resolves.toBe(false);
    await expect(send({ text: '  \n ' })).resolves.toBe(false);
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
    const { store, start } = sender();
    const first = start({ text: 'primera' });
    expect(store.get(chatbotStateAtom).isTyping).toBe(true);
    await expect(start({ text: 'segunda' })).resolves.toBe(false);
    // The client reaches fetch after reading the session's token.
    await act(async () => {
      while (!answer) await new Promise((resolve) => setTimeout(resolve, 0));
      answer();
      await first;
    });
    expect(api.calls).toHaveLength(1);
    expect(store.get(chatbotStateAtom).messages.filter((m) => m.sender === 'user').map((m) => m.content)).toEqual(['primera']);
  });

  it('switches to offline with the spec text when the server cannot be reached', async () => {
    mockApi().on('POST', '/assistant/messages', { networkError: true });
    const { store, send } = sender();
    await send({ text: 'hola' });
    const state = store.get(chatbotStateAtom);
    expect(state.isOnline).toBe(false);
    expect(state.messages.at(-1)).toMatchObject({
      sender: 'bot',
      kind: 'error',
      content: 'Lo siento, hay problemas de conexión. He cambiado a modo offline.',
    });
  });

  it('fails at once, offline, when the browser says it has no connection (it does not wait for one)', async () => {
    mockApi().on('POST', '/assistant/messages', { networkError: true });
    onlineManager.setOnline(false);
    try {
      const { store, send } = sender();
      await send({ text: 'hola' });
      expect(store.get(chatbotStateAtom)).toMatchObject({ isOnline: false, isTyping: false });
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('switches to offline on a server error', async () => {
    mockApi().on('POST', '/assistant/messages', { status: 503, body: { message: 'Service Unavailable' } });
    const { store, send } = sender();
    await send({ text: 'hola' });
    expect(store.get(chatbotStateAtom).isOnline).toBe(false);
  });

  it('shows the server’s message for a rate limit and stays online', async () => {
    mockApi().on('POST', '/assistant/messages', { status: 429, body: { message: 'Has enviado demasiados mensajes. Espera un minuto.' } });
    const { store, send } = sender();
    await send({ text: 'hola' });
    const state = store.get(chatbotStateAtom);
    expect(state).toMatchObject({ isOnline: true, isTyping: false, error: 'Has enviado demasiados mensajes. Espera un minuto.' });
    expect(state.messages.filter((m) => m.sender === 'bot')).toHaveLength(0);
  });

  it('takes the offline mode of a reply from the help centre', async () => {
    mockApi().on('POST', '/assistant/messages', { status: 201, body: { ...reply, mode: 'offline' } });
    const { store, send } = sender();
    await send({ text: 'planes' });
    expect(store.get(chatbotStateAtom).isOnline).toBe(false);
  });
});
