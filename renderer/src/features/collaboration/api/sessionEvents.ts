import { openEventStream, readSse } from '../../../shared/api';
import type { CollaborationSession, DeliberationStep } from './collaborationQueries';

/**
 * GET /api/collaboration/sessions/{id}/events: first `session` (as it is), then a `step` per log
 * entry (past ones too), and `end` with the finished session; then the server closes the stream.
 */
export type SessionEvent =
  | { type: 'session'; session: CollaborationSession }
  | { type: 'step'; step: DeliberationStep }
  | { type: 'end'; session: CollaborationSession };

function parse(data: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** An event of the stream, or null for one this client does not know (or that is not JSON). */
export function toSessionEvent(event: string, data: string): SessionEvent | null {
  const value = parse(data);
  if (!value) return null;
  const isSession = typeof value.id === 'string' && typeof value.status === 'string' && Array.isArray(value.agents);
  if (event === 'end' && isSession) return { type: 'end', session: value as unknown as CollaborationSession };
  if (event === 'session' && isSession) return { type: 'session', session: value as unknown as CollaborationSession };
  if (typeof value.message === 'string' && typeof value.type === 'string') return { type: 'step', step: value as unknown as DeliberationStep };
  return null;
}

/** The session's steps as they happen (server-sent events, on the streams' own path); ends when the session finishes. */
export async function* sessionEvents(id: string, signal?: AbortSignal): AsyncGenerator<SessionEvent> {
  const response = await openEventStream(`/collaboration/sessions/${encodeURIComponent(id)}/events`, { method: 'GET', signal });
  if (!response.body) return;
  for await (const message of readSse(response.body, signal)) {
    const event = toSessionEvent(message.event, message.data);
    if (event) yield event;
  }
}
