import { apiClient } from '../../../shared/api';
import { HEALTH_TIMEOUT_MS } from '../../../shared/config';
import type { AssistantReply, AssistantRequest } from '../types';

/**
 * A reply may take a model a while, but a hung connection must still end in offline mode rather
 * than a typing indicator forever.
 */
export const ASSISTANT_REPLY_TIMEOUT_MS = 60_000;

export function postAssistantMessage(request: AssistantRequest, signal?: AbortSignal): Promise<AssistantReply> {
  return apiClient.post('/assistant/messages', { body: request, timeoutMs: ASSISTANT_REPLY_TIMEOUT_MS, signal });
}

/** Spec section 7: GET /health with a 5 s time-out. */
export function fetchHealth(signal?: AbortSignal): Promise<unknown> {
  return apiClient.get('/health', { timeoutMs: HEALTH_TIMEOUT_MS, signal });
}

/**
 * Online means Seshat can answer with a model: the health payload says so in
 * `providers.assistant` ('online' | 'offline'). With no model the backend answers from the help
 * centre only, which is the spec's offline mode (limited functionality). A healthy payload that
 * does not say counts as online; a failing one as offline.
 */
export function isAssistantOnline(health: unknown): boolean {
  if (typeof health !== 'object' || health === null) return true;
  const { status, providers } = health as { status?: unknown; providers?: { assistant?: unknown } };
  if (status !== undefined && status !== 'ok') return false;
  return providers?.assistant !== 'offline';
}
