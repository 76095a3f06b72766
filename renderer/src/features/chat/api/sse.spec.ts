import { fakeSseStream } from '../../../../test/sse';
import { ChatStreamError } from '../utils/chatErrors';
import { readChatEvents, readSse, SseParser, toChatEvent } from './sse';

describe('SseParser', () => {
  it('dispatches an event on the blank line, with its name and data', () => {
    const parser = new SseParser();
    expect(parser.push('event: delta\ndata: {"text":"Hola"}\n\n')).toEqual([{ event: 'delta', data: '{"text":"Hola"}' }]);
  });

  it('joins multi-line data with LF and names unnamed events "message"', () => {
    const parser = new SseParser();
    expect(parser.push('data: uno\ndata: dos\n\n')).toEqual([{ event: 'message', data: 'uno\ndos' }]);
  });

  it('keeps a message cut at any point until it is complete', () => {
    const text = 'event: start\ndata: {"messageId":"r1"}\n\nevent: delta\ndata: {"text":"Hola"}\n\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      const parser = new SseParser();
      const events = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut))];
      expect(events).toEqual([
        { event: 'start', data: '{"messageId":"r1"}' },
        { event: 'delta', data: '{"text":"Hola"}' },
      ]);
    }
  });

  it('accepts CRLF and CR line ends, also when CRLF is split across chunks', () => {
    const parser = new SseParser();
    const events = [...parser.push('event: delta\r'), ...parser.push('\ndata: {"text":"a"}\r\n\r'), ...parser.push('\n')];
    expect(events).toEqual([{ event: 'delta', data: '{"text":"a"}' }]);
    expect(new SseParser().push('data: x\r\r')).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('ignores comments (heartbeats) and unknown fields', () => {
    const parser = new SseParser();
    expect(parser.push(': ping\n\nid: 7\nretry: 10\nevent: delta\ndata: {"text":"b"}\n\n')).toEqual([
      { event: 'delta', data: '{"text":"b"}' },
    ]);
  });

  it('drops a message that never got its closing blank line', () => {
    const parser = new SseParser();
    expect(parser.push('event: delta\ndata: {"text":"c"}\n')).toEqual([]);
    expect(parser.end()).toEqual([]);
  });
});

describe('readSse', () => {
  it('decodes UTF-8 characters split between chunks', async () => {
    const stream = fakeSseStream();
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"cláusula ñ"}\n\n');
    const split = bytes.indexOf(0xc3) + 1; // inside 'á'
    const reader = readSse(stream.response.body!);
    const chunks = [bytes.slice(0, split), bytes.slice(split)];
    // Push raw bytes through the fake by decoding them as latin1 would break them; use the reader directly.
    const events: unknown[] = [];
    const body = {
      getReader: () => {
        let index = 0;
        return {
          read: async () => (index < chunks.length ? { done: false, value: chunks[index++] } : { done: true }),
          cancel: async () => undefined,
          releaseLock: () => undefined,
        };
      },
    } as unknown as ReadableStream<Uint8Array>;
    for await (const message of readSse(body)) events.push(message);
    expect(events).toEqual([{ event: 'delta', data: '{"text":"cláusula ñ"}' }]);
    stream.end();
    await reader.return(undefined);
  });
});

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
