/** A help-centre article the assistant points to. `url` is a path inside the app or an http(s) address. */
export interface ArticleLink {
  slug: string;
  title: string;
  url: string;
}

export type MessageSender = 'bot' | 'user';

/**
 * Spec section 3's widget message ({ id, content, sender, timestamp }); `kind` and `articles` are
 * what the renderer adds: hints and connection errors look different from replies.
 */
export interface WidgetMessage {
  id: string;
  content: string;
  sender: MessageSender;
  /** ISO 8601. */
  timestamp: string;
  kind?: 'reply' | 'hint' | 'error';
  articles?: ArticleLink[];
}

export type AssistantMode = 'online' | 'offline';

/** `POST /api/assistant/messages` answer. */
export interface AssistantReply {
  id: string;
  reply: string;
  mode: AssistantMode;
  articles: ArticleLink[];
  suggestedQuestions: string[];
}

export interface AssistantRequest {
  sessionId: string;
  message: string;
  page?: string;
}
