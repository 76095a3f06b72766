import { WIDGET_DRAG_MARGIN_PX } from '../../../shared/config';
import { assistantStrings } from '../strings';
import type { ArticleLink, AssistantMode } from '../api/assistantQueries';

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

/**
 * Spec section 3's chatbot state ({ messages, isTyping, isOpen, unreadCount, error, sessionId })
 * plus the widget's section 4 states (expanded, online) and what the context hint needs.
 * `isTyping` is true while a send runs: it is also what blocks a second send.
 */
export interface ChatbotState {
  messages: WidgetMessage[];
  isTyping: boolean;
  isOpen: boolean;
  unreadCount: number;
  /** A refusal the user should read (rate limit, bad input); not a connection problem. */
  error: string | null;
  sessionId: string;
  isExpanded: boolean;
  isOnline: boolean;
  /** The server's latest suggested questions, shown after the fixed ones. */
  suggestions: string[];
  /** The current path; a change re-arms the context hint. */
  page: string;
  hintShown: boolean;
}

export type ChatbotAction =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'toggle' }
  | { type: 'setExpanded'; expanded: boolean }
  | { type: 'healthChecked'; online: boolean }
  | { type: 'sendStarted'; message: WidgetMessage }
  | {
      type: 'replyReceived';
      message: WidgetMessage;
      mode: AssistantMode;
      suggestions: string[];
    }
  | { type: 'sendFailed'; message: WidgetMessage }
  | { type: 'sendRejected'; error: string }
  | { type: 'dismissError' }
  | { type: 'routeChanged'; page: string }
  | { type: 'hintShown'; page: string; message: WidgetMessage };

export function initialChatbotState(sessionId: string): ChatbotState {
  return {
    messages: [],
    isTyping: false,
    isOpen: false,
    unreadCount: 0,
    error: null,
    sessionId,
    isExpanded: false,
    // Optimistic until the first health check answers, so the welcome does not flash "offline".
    isOnline: true,
    suggestions: [],
    page: '',
    hintShown: false,
  };
}

/** Spec section 5: nothing empty or only whitespace, and never while a send runs. */
export function canSend(state: Pick<ChatbotState, 'isTyping'>, text: string): boolean {
  return !state.isTyping && text.trim() !== '';
}

/** The hint is due once the panel is open on a page where it has not been shown yet. */
export function isHintDue(state: ChatbotState): boolean {
  return state.isOpen && !state.hintShown && state.page !== '';
}

/** A bot message counts as unread when it arrives with the panel closed. */
function addBotMessage(state: ChatbotState, message: WidgetMessage): ChatbotState {
  return {
    ...state,
    messages: [...state.messages, message],
    unreadCount: state.isOpen ? 0 : state.unreadCount + 1,
  };
}

export function chatbotReducer(state: ChatbotState, action: ChatbotAction): ChatbotState {
  switch (action.type) {
    case 'open':
      return state.isOpen ? state : { ...state, isOpen: true, unreadCount: 0 };
    case 'close':
      return state.isOpen ? { ...state, isOpen: false } : state;
    case 'toggle':
      return chatbotReducer(state, { type: state.isOpen ? 'close' : 'open' });
    case 'setExpanded':
      return state.isExpanded === action.expanded ? state : { ...state, isExpanded: action.expanded };
    case 'healthChecked':
      return state.isOnline === action.online ? state : { ...state, isOnline: action.online };
    case 'sendStarted':
      return { ...state, messages: [...state.messages, action.message], isTyping: true, error: null };
    case 'replyReceived':
      return {
        ...addBotMessage(state, action.message),
        isTyping: false,
        isOnline: action.mode === 'online',
        suggestions: action.suggestions,
      };
    case 'sendFailed':
      return { ...addBotMessage(state, action.message), isTyping: false, isOnline: false };
    case 'sendRejected':
      return { ...state, isTyping: false, error: action.error };
    case 'dismissError':
      return state.error === null ? state : { ...state, error: null };
    case 'routeChanged':
      return state.page === action.page ? state : { ...state, page: action.page, hintShown: false };
    case 'hintShown':
      // A timer from a page the user already left, or a panel closed meanwhile, shows nothing.
      if (!isHintDue(state) || action.page !== state.page) return state;
      return { ...state, messages: [...state.messages, action.message], hintShown: true };
    default:
      return state;
  }
}

/** The fixed suggestions first (spec: always how to create an agent and the plans), then the server's. */
export function visibleSuggestions(serverSuggestions: readonly string[], limit = 5): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const suggestion of [...assistantStrings.defaultSuggestions.slice(0, 2), ...serverSuggestions, ...assistantStrings.defaultSuggestions.slice(2)]) {
    const text = suggestion.trim();
    const key = text.toLocaleLowerCase('es');
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(text);
    if (result.length >= limit) break;
  }
  return result;
}

/** Only links the app can open safely: a path inside the app or an http(s) address. */
export function safeArticles(articles: readonly ArticleLink[]): ArticleLink[] {
  return articles
    .filter(({ url }) => (url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\//i.test(url))
    .map(({ slug, title, url }) => ({ slug, title, url }));
}

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Keeps a panel of `size` at least `margin` px inside a window of `viewport` (top-left wins if it cannot fit). */
export function clampPosition(position: Point, size: Size, viewport: Size, margin = WIDGET_DRAG_MARGIN_PX): Point {
  const maxX = Math.max(margin, viewport.width - size.width - margin);
  const maxY = Math.max(margin, viewport.height - size.height - margin);
  return {
    x: Math.round(Math.min(Math.max(position.x, margin), maxX)),
    y: Math.round(Math.min(Math.max(position.y, margin), maxY)),
  };
}
