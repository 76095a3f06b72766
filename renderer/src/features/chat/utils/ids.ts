/** A client id for a user message; the server accepts letters, digits and - _ . : up to 64. */
export function newMessageId(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  return `msg-${random}`;
}
