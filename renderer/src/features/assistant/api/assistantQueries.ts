import { useMutation, useQuery } from '@tanstack/react-query';
import { api, withTimeout, type components } from '../../../shared/api';
import { HEALTH_CHECK_INTERVAL_MS, HEALTH_TIMEOUT_MS } from '../../../shared/config';

/** `POST /api/assistant/messages` body. */
export type AssistantRequest = components['schemas']['AssistantMessageRequestDto'];
/** `POST /api/assistant/messages` answer. */
export type AssistantReply = components['schemas']['AssistantReplyDto'];
/** A help-centre article the assistant points to. `url` is a path inside the app or an http(s) address. */
export type ArticleLink = components['schemas']['AssistantArticleLinkDto'];
export type AssistantMode = AssistantReply['mode'];
export type Health = components['schemas']['HealthDto'];

/**
 * A reply may take a model a while, but a hung connection must still end in offline mode rather
 * than a typing indicator forever.
 */
export const ASSISTANT_REPLY_TIMEOUT_MS = 60_000;

export const assistantKeys = {
  health: ['health'] as const,
};

/**
 * Online means Seshat can answer with a model: the health payload says so in
 * `providers.assistant` ('online' | 'offline'). With no model the backend answers from the help
 * centre only, which is the spec's offline mode (limited functionality). A failing check is offline;
 * a healthy answer that does not say (a backend older than the field) is online.
 */
export function isAssistantOnline(health: Health): boolean {
  return health.status === 'ok' && (health.providers as Partial<Health['providers']> | undefined)?.assistant !== 'offline';
}

/**
 * Spec section 4 and 7: GET /api/health on start and every 60 s (also in a background tab), with a
 * 5 s time-out. A check that cannot reach the server fails at once (the query client's networkMode),
 * offline or not, so that the widget says it is offline instead of waiting for the connection to return.
 */
export function useHealth() {
  return useQuery({
    queryKey: assistantKeys.health,
    queryFn: async ({ signal }) => (await api.GET('/api/health', { signal: withTimeout(signal, HEALTH_TIMEOUT_MS) })).data!,
    refetchInterval: HEALTH_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: true,
    refetchOnReconnect: false,
  });
}

/**
 * POST /api/assistant/messages (a 60 s time-out). Nothing is read back from the server afterwards
 * (the conversation lives in the widget), so there is nothing to invalidate. Like the health check,
 * a send without a connection fails at once: that is the spec's switch to offline mode.
 */
export function useSendAssistantMessage() {
  return useMutation({
    mutationFn: async (body: AssistantRequest) =>
      (await api.POST('/api/assistant/messages', { body, signal: AbortSignal.timeout(ASSISTANT_REPLY_TIMEOUT_MS) })).data!,
  });
}
