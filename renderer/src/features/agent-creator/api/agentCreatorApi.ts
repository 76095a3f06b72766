import { apiClient } from '../../../shared/api';
import type {
  AgentDraft,
  ApplyResult,
  CreatorReply,
  CreatorStatus,
  FineTuningReply,
  FineTuningSession,
  SavedAgent,
} from '../types';

/** Reads and saves should not leave a spinner on a stuck server; a model turn may take longer. */
const CALL_TIMEOUT_MS = 15_000;
const MODEL_TURN_TIMEOUT_MS = 180_000;

const sessionPath = (id: string) => `/fine-tuning/sessions/${encodeURIComponent(id)}`;

export interface CreatorMessageInput {
  conversationId?: string;
  agentId?: string;
  message: string;
  draft: AgentDraft;
}

export const agentCreatorApi = {
  status: (signal?: AbortSignal) => apiClient.get<CreatorStatus>('/agent-creator', { timeoutMs: CALL_TIMEOUT_MS, signal }),

  agentDraft: (agentId: string, signal?: AbortSignal) =>
    apiClient.get<{ agentId: string; draft: AgentDraft }>(`/agent-creator/agents/${encodeURIComponent(agentId)}/draft`, {
      timeoutMs: CALL_TIMEOUT_MS,
      signal,
    }),

  talk: (input: CreatorMessageInput) =>
    apiClient.post<CreatorReply>('/agent-creator/messages', { body: input, timeoutMs: MODEL_TURN_TIMEOUT_MS }),

  create: (draft: AgentDraft, conversationId?: string) =>
    apiClient.post<SavedAgent>('/agent-creator/agents', { body: { draft, conversationId }, timeoutMs: CALL_TIMEOUT_MS }),

  update: (agentId: string, draft: AgentDraft, conversationId?: string) =>
    apiClient.put<SavedAgent>(`/agent-creator/agents/${encodeURIComponent(agentId)}`, {
      body: { draft, conversationId },
      timeoutMs: CALL_TIMEOUT_MS,
    }),

  openSession: (agentId: string) =>
    apiClient.post<FineTuningSession>('/fine-tuning/sessions', { body: { agentId }, timeoutMs: CALL_TIMEOUT_MS }),

  talkInSession: (sessionId: string, message: string) =>
    apiClient.post<FineTuningReply>(`${sessionPath(sessionId)}/messages`, { body: { message }, timeoutMs: MODEL_TURN_TIMEOUT_MS }),

  applyProposal: (sessionId: string, input: { newPrompt: string; versionName: string; versionDescription?: string }) =>
    apiClient.post<ApplyResult>(`${sessionPath(sessionId)}/apply`, { body: input, timeoutMs: CALL_TIMEOUT_MS }),

  closeSession: (sessionId: string) =>
    apiClient.post<ApplyResult>(`${sessionPath(sessionId)}/close`, { body: {}, timeoutMs: CALL_TIMEOUT_MS }),
};
