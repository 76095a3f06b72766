// Client state only: the server's shapes are the generated contract's (api/agentCreatorQueries.ts).

/** A line of a conversation with an assistant, as the thread shows it. */
export interface ChatLine {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** A notice that no reply could be produced (shown dimmed). */
  notice?: boolean;
}
