import type { Response } from 'express';

export const SSE_HEARTBEAT_MS = 15_000;

/**
 * Server-sent events written by hand on the Express response: one `event:`/`data:` block per
 * event, flushed at once, and a comment line every 15 s so that proxies keep the connection open.
 * The headers leave with the first event (callers send one at once), saving a write per stream.
 * `X-Accel-Buffering: no` stops nginx from holding the stream back.
 */
export class SseWriter {
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly response: Response) {
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    // no-store: the stream is the caller's own conversation (no-cache kept for proxies that only know it).
    response.setHeader('Cache-Control', 'no-cache, no-store, no-transform');
    response.setHeader('Connection', 'keep-alive');
    response.setHeader('X-Accel-Buffering', 'no');
    this.heartbeat = setInterval(() => this.write(': ping\n\n'), SSE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  send(event: string, data: unknown): void {
    this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end(): void {
    clearInterval(this.heartbeat);
    if (!this.response.writableEnded) this.response.end();
  }

  private write(chunk: string): void {
    if (this.response.writableEnded || this.response.destroyed) return;
    this.response.write(chunk);
    // Present when a compression middleware wraps the response; it would otherwise buffer.
    (this.response as Response & { flush?: () => void }).flush?.();
  }
}
