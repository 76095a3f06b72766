import type { Response } from 'express';
import { SSE_HEARTBEAT_MS, SseWriter } from './sse';

function fakeResponse() {
  const written: string[] = [];
  const headers: Record<string, string> = {};
  const response = {
    writableEnded: false,
    destroyed: false,
    statusCode: 0,
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    write: (chunk: string) => written.push(chunk),
    end() {
      this.writableEnded = true;
    },
  };
  return { response, written, headers };
}

describe('SseWriter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('opens the stream unbuffered and writes one event block per event', () => {
    const { response, written, headers } = fakeResponse();
    const sse = new SseWriter(response as unknown as Response);
    expect(response.statusCode).toBe(200);
    expect(headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
    });
    sse.send('delta', { text: 'Hola\nmundo' });
    expect(written).toEqual(['event: delta\ndata: {"text":"Hola\\nmundo"}\n\n']);
    sse.end();
  });

  it('writes a heartbeat comment every 15 s until it ends', () => {
    const { response, written } = fakeResponse();
    const sse = new SseWriter(response as unknown as Response);
    jest.advanceTimersByTime(SSE_HEARTBEAT_MS * 2);
    expect(written).toEqual([': ping\n\n', ': ping\n\n']);
    sse.end();
    expect(response.writableEnded).toBe(true);
    jest.advanceTimersByTime(SSE_HEARTBEAT_MS * 2);
    expect(written).toHaveLength(2);
  });
});
