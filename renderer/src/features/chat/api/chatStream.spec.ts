import { fakeSseStream } from '../../../../test/sse';
import { ChatStreamError } from '../utils/chatErrors';
import { readChatEvents, streamChatTurn, toChatEvent } from './chatStream';
import { mockApi } from '../../../../test/api-mock';

describe('readChatEvents', () => {
  it('yields start, deltas and done, skipping malformed events', async () => {
    const stream = fakeSseStream();
    stream.send('start', { conversationId: 'c1', messageId: 'r1', userMessageId: 'msg-1' });
    stream.push('event: delta\ndata: {"text":"Ho');
    stream.push('la"}\n\nevent: delta\ndata: not json\n\n');
    stream.send('done', { message: 'Hola', messageId: 'r1', metadata: { status: 'complete' } });
    stream.end();

    const events = [];
    for await (const event of readChatEvents(stream.response.body!)) events.push(event);

    expect(events.map((event) => event.type)).toEqual(['start', 'delta', 'done']);
    expect(events[1]).toEqual({ type: 'delta', text: 'Hola' });
  });

  it('throws an error event as ChatStreamError with its code', async () => {
    const stream = fakeSseStream();
    stream.send('error', { message: 'El modelo no responde', statusCode: 502, code: 'ModelError' });
    stream.end();

    const result = (async () => {
      for await (const _event of readChatEvents(stream.response.body!)) {
        // consume
      }
    })();

    await expect(result).rejects.toBeInstanceOf(ChatStreamError);
    await expect(result).rejects.toMatchObject({ message: 'El modelo no responde', statusCode: 502, code: 'ModelError' });
  });

  it('ends quietly when the caller aborts', async () => {
    const controller = new AbortController();
    const stream = fakeSseStream(controller.signal);
    stream.send('delta', { text: 'a' });
    const seen: string[] = [];
    const result = (async () => {
      for await (const event of readChatEvents(stream.response.body!, controller.signal)) {
        if (event.type === 'delta') {
          seen.push(event.text);
          controller.abort();
        }
      }
    })();
    await expect(result).resolves.toBeUndefined();
    expect(seen).toEqual(['a']);
    expect(stream.cancelled).toBe(true);
  });
});

describe('toChatEvent', () => {
  it('defaults an error without a status to 500', () => {
    expect(toChatEvent({ event: 'error', data: '{"message":"x"}' })).toEqual({ type: 'error', message: 'x', statusCode: 500 });
  });

  it('ignores unknown events and deltas without text', () => {
    expect(toChatEvent({ event: 'ping', data: '{}' })).toBeNull();
    expect(toChatEvent({ event: 'delta', data: '{}' })).toBeNull();
  });
});

describe('streamChatTurn', () => {
  it('sends the chat body with the client message id and streams the events', async () => {
    const api = mockApi();
    const stream = fakeSseStream();
    api.on('POST', '/bedrock/agents/chat', { response: () => stream.response });
    stream.send('start', { conversationId: 'c1', messageId: 'r1', userMessageId: 'msg-1' });
    stream.send('delta', { text: 'Hola' });
    stream.end();

    const events = [];
    for await (const event of streamChatTurn({ conversationId: 'c1', message: 'Hola', messageId: 'msg-1', userId: 'sub-ana' })) {
      events.push(event);
    }

    expect(api.callsTo('POST', '/bedrock/agents/chat')[0]!.body).toEqual({
      conversationId: 'c1',
      message: 'Hola',
      messageId: 'msg-1',
      userId: 'sub-ana',
    });
    expect(events).toEqual([
      { type: 'start', conversationId: 'c1', messageId: 'r1', userMessageId: 'msg-1' },
      { type: 'delta', text: 'Hola' },
    ]);
  });
});
