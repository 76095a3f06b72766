import { apiClient, isApiError } from '../../../shared/api';
import { AGENT_FETCH_TIMEOUT_MS } from '../../../shared/config';
import type { EditableAgent } from '../types';

/** Saving, uploading and listing models should not leave the form waiting forever on a stuck server. */
const EDITOR_TIMEOUT_MS = 20_000;

/** POST /agents: the fields of the form; an `id` that exists updates that agent. */
export type SaveAgentBody = Omit<EditableAgent, 'id' | 'createdBy' | 'creatorId' | 'ecosystemMinimumPrice'> & {
  id?: string;
  /** Only with ecosystemInclusionAllowed: the minimum already saved stays while inclusion is off. */
  ecosystemMinimumPrice?: number;
  /** Only when it changed: an unchanged prompt is not saved again. */
  prompt?: string;
};

export const agentEditorApi = {
  getAgent: (agentId: string, signal?: AbortSignal) =>
    apiClient.get<EditableAgent>(`/agents/${encodeURIComponent(agentId)}`, { timeoutMs: AGENT_FETCH_TIMEOUT_MS, signal }),

  /** The agent's current prompt; spec section 7: a 404 means none. */
  getPrompt: async (agentId: string, signal?: AbortSignal): Promise<string | null> => {
    try {
      const body = await apiClient.get<{ prompt?: string | null } | null>(`/agent-prompts/${encodeURIComponent(agentId)}`, {
        timeoutMs: AGENT_FETCH_TIMEOUT_MS,
        signal,
      });
      return body?.prompt ?? null;
    } catch (error) {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }
  },


  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiClient.post<{ fileId: string; url: string }>('/files', { body: form, timeoutMs: EDITOR_TIMEOUT_MS });
  },

  saveAgent: (body: SaveAgentBody) => apiClient.post<EditableAgent>('/agents', { body, timeoutMs: EDITOR_TIMEOUT_MS }),

  deleteAgent: (agentId: string) =>
    apiClient.delete<{ success: true; id: string }>(`/agents/${encodeURIComponent(agentId)}`, { timeoutMs: EDITOR_TIMEOUT_MS }),
};
