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
