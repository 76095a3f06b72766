/**
 * Replies that are not the JSON asked for. Many local models ignore response_format and answer in
 * prose; where the prose can serve (the creator's reply, a fine-tuning reply), it is shown as it is.
 */

const FENCED = /^```[a-z]*\s*([\s\S]*?)\s*```$/i;
/** The line the stored fine-tuning replies use before a proposal (storedText), which a model may copy. */
const PROPOSAL_MARKER = /(?:^|\n)[ \t#>*_]*prompt propuesto[ \t]*:?[ \t*_]*(?:\n|$)/i;

/** The text to show of a reply that is not the JSON asked for; null when it is JSON (broken, or without a reply). */
export function plainReplyText(text: string): string | null {
  const trimmed = text.trim();
  const unfenced = trimmed.replace(FENCED, '$1').trim();
  if (!unfenced) return null;
  try {
    const parsed = JSON.parse(unfenced) as { reply?: unknown } | null;
    // JSON of the wrong shape: only a reply in it can serve.
    return typeof parsed?.reply === 'string' && parsed.reply.trim() ? parsed.reply.trim() : null;
  } catch {
    // Not JSON: prose, unless it is JSON cut short or broken.
    return /^[{[]/.test(unfenced) ? null : trimmed;
  }
}

/** A fine-tuning reply in prose: the text, and the prompt after a «Prompt propuesto:» line when there is one. */
export function plainFineTuningReply(text: string): { reply: string; proposedPrompt: string | null } | null {
  const marker = PROPOSAL_MARKER.exec(text);
  if (!marker) {
    const reply = plainReplyText(text);
    return reply === null ? null : { reply, proposedPrompt: null };
  }
  const proposed = text.slice(marker.index + marker[0].length).trim().replace(FENCED, '$1').trim();
  const before = text.slice(0, marker.index).trim();
  if (!proposed) return before ? { reply: before, proposedPrompt: null } : null;
  return { reply: before || 'Te propongo este prompt.', proposedPrompt: proposed };
}
