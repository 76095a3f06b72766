import type { AgentDraft } from '../api/agentCreatorQueries';

/**
 * The model's new draft, except for the fields the user changed by hand while it was answering:
 * those keep the user's value (the model worked on the draft as it was sent).
 */
export function mergeReplyDraft(sent: AgentDraft, current: AgentDraft, reply: AgentDraft): AgentDraft {
  const merged = { ...reply };
  for (const key of Object.keys(current) as (keyof AgentDraft)[]) {
    if (JSON.stringify(current[key]) !== JSON.stringify(sent[key])) (merged as Record<keyof AgentDraft, unknown>)[key] = current[key];
  }
  return merged;
}

/** Whether the draft can be saved: the server needs a name, a description and instructions. */
export function isSavable(draft: AgentDraft): boolean {
  return draft.name.trim() !== '' && draft.description.trim() !== '' && draft.systemPrompt.trim() !== '';
}

/** The client's id for a message to the creator or the fine-tuning assistant: a retry sends it again, and the server stores the message once. */
export function newMessageId(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  return `msg-${random}`;
}
