import { readSse, type SseMessage } from './sse';

/** A body that hands the reader these chunks, exactly where the test cut them. */
function body(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return {
    getReader: () => ({
      read: async () => {
        if (index >= chunks.length) return { done: true };
        const chunk = chunks[index++];
        return { done: false, value: typeof chunk === 'string' ? encoder.encode(chunk) : chunk };
      },
      cancel: async () => undefined,
      releaseLock: () => undefined,
    }),
  } as unknown as ReadableStream<Uint8Array>;
}

async function messages(chunks: (string | Uint8Array)[]): Promise<SseMessage[]> {
  const read: SseMessage[] = [];
  for await (const message of readSse(body(chunks))) read.push(message);
  return read;
}

describe('readSse', () => {
  it('dispatches an event on the blank line, with its name and data', async () => {
    expect(await messages(['event: delta\ndata: {"text":"Hola"}\n\n'])).toEqual([{ event: 'delta', data: '{"text":"Hola"}' }]);
  });

  it('joins multi-line data with LF and names unnamed events "message"', async () => {
    expect(await messages(['data: uno\ndata: dos\n\n'])).toEqual([{ event: 'message', data: 'uno\ndos' }]);
  });

  it('keeps a message cut at any point until it is complete', async () => {
    const text = 'event: start\ndata: {"messageId":"r1"}\n\nevent: delta\ndata: {"text":"Hola"}\n\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(await messages([text.slice(0, cut), text.slice(cut)])).toEqual([
        { event: 'start', data: '{"messageId":"r1"}' },
        { event: 'delta', data: '{"text":"Hola"}' },
      ]);
    }
  });

  it('accepts CRLF and CR line ends, also when CRLF is split across chunks', async () => {
    expect(await messages(['event: delta\r', '\ndata: {"text":"a"}\r\n\r', '\n'])).toEqual([{ event: 'delta', data: '{"text":"a"}' }]);
    expect(await messages(['data: x\r\r'])).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('ignores comments (heartbeats) and other fields', async () => {
    expect(await messages([': ping\n\nid: 7\nretry: 10\nevent: delta\ndata: {"text":"b"}\n\n'])).toEqual([{ event: 'delta', data: '{"text":"b"}' }]);
  });

  // One rule on both sides (the backend's model adapter too): the SSE standard's.
  it('drops a last event the stream ends without its blank line, even a whole one', async () => {
    expect(await messages(['event: delta\ndata: {"text":"a"}\n\n', 'event: delta\ndata: {"text":"c"}\n'])).toEqual([
      { event: 'delta', data: '{"text":"a"}' },
    ]);
    expect(await messages(['data: {"text":"c"}'])).toEqual([]);
  });

  it('decodes UTF-8 characters split between chunks', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"cláusula ñ"}\n\n');
    const split = bytes.indexOf(0xc3) + 1; // inside 'á'
    expect(await messages([bytes.slice(0, split), bytes.slice(split)])).toEqual([{ event: 'delta', data: '{"text":"cláusula ñ"}' }]);
  });
});
