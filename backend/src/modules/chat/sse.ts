import type { Socket } from 'node:net';
import type { Response } from 'express';

export const SSE_HEARTBEAT_MS = 15_000;
const SSE_INTERRUPT_FLUSH_MS = 1_000;

/** The streams this process has open, for the shutdown to end them (see `interruptOpenStreams`). */
const openStreams = new Set<SseWriter>();
/** The streams whose route has not called end() yet: an interrupted one may still be storing its turn. */
const unfinishedStreams = new Set<SseWriter>();

/**
 * Server-sent events written by hand on the Express response: one `event:`/`data:` block per
 * event, flushed at once, and a comment line every 15 s so that proxies keep the connection open.
 * The headers leave with the first event (callers send one at once), saving a write per stream.
 * `X-Accel-Buffering: no` stops nginx from holding the stream back.
 */
export class SseWriter {
  private readonly heartbeat: NodeJS.Timeout;
  /** Read at the start: an interrupted response has no socket any more. */
  private readonly server: unknown;

  constructor(private readonly response: Response) {
    this.server = (response.socket as (Socket & { server?: unknown }) | null)?.server;
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    // no-store: the stream is the caller's own conversation (no-cache kept for proxies that only know it).
    response.setHeader('Cache-Control', 'no-cache, no-store, no-transform');
    response.setHeader('Connection', 'keep-alive');
    response.setHeader('X-Accel-Buffering', 'no');
    this.heartbeat = setInterval(() => this.write(': ping\n\n'), SSE_HEARTBEAT_MS);
    this.heartbeat.unref();
    // Its route calls end() when it is done, whichever way the stream finished.
    openStreams.add(this);
    unfinishedStreams.add(this);
  }

  send(event: string, data: unknown): void {
    this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end(): void {
    clearInterval(this.heartbeat);
    openStreams.delete(this);
    unfinishedStreams.delete(this);
    if (!this.response.writableEnded) this.response.end();
  }

  /** Whether the stream is on that HTTP server (a test process runs several applications). */
  servedBy(server: unknown): boolean {
    return this.server === server;
  }

  /**
   * Sends a last event and then drops the connection as a client leaving would: the route's
   * 'close' handler stops its work (a chat turn is stored as stopped) instead of running on.
   */
  interrupt(event: string, data: unknown): void {
    clearInterval(this.heartbeat);
    openStreams.delete(this);
    if (this.response.writableEnded || this.response.destroyed) return;
    const drop = () => this.response.destroy();
    this.response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`, drop);
    (this.response as Response & { flush?: () => void }).flush?.();
    // A client that reads nothing more would hold the write (and the shutdown) forever.
    setTimeout(drop, SSE_INTERRUPT_FLUSH_MS).unref();
  }

  private write(chunk: string): void {
    if (this.response.writableEnded || this.response.destroyed) return;
    this.response.write(chunk);
    // Present when a compression middleware wraps the response; it would otherwise buffer.
    (this.response as Response & { flush?: () => void }).flush?.();
  }
}

/** How many streams this process has open (the metrics' nova_sse_open_streams). */
export const openStreamCount = (): number => openStreams.size;

/** The streams on that server whose route is still at work (the shutdown waits for them). */
export function unfinishedStreamCount(server: unknown): number {
  let count = 0;
  for (const stream of unfinishedStreams) if (stream.servedBy(server)) count++;
  return count;
}

/** At shutdown: every stream open on that server gets this last event (clients show it) and is closed. */
export function interruptOpenStreams(server: unknown, event: string, data: unknown): number {
  const streams = [...openStreams].filter((stream) => stream.servedBy(server));
  for (const stream of streams) stream.interrupt(event, data);
  return streams.length;
}
