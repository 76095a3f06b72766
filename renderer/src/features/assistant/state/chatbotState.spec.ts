import { WIDGET_DRAG_MARGIN_PX } from '../../../shared/config';
import { assistantStrings } from '../strings';
import {
  canSend,
  chatbotReducer,
  clampPosition,
  initialChatbotState,
  isHintDue,
  safeArticles,
  visibleSuggestions,
  type ChatbotAction,
  type ChatbotState,
  type WidgetMessage,
} from './chatbotState';

const message = (sender: WidgetMessage['sender'], content = 'hola', kind?: WidgetMessage['kind']): WidgetMessage => ({
  id: `${sender}-${content}`,
  content,
  sender,
  timestamp: '2026-11-22T00:00:00.000Z',
  kind,
});

const run = (state: ChatbotState, ...actions: ChatbotAction[]) => actions.reduce(chatbotReducer, state);
const fresh = () => initialChatbotState('session-1234');

describe('widget state machine', () => {
  it('starts closed, not expanded, online, with nothing unread and the given session id', () => {
    expect(fresh()).toMatchObject({
      messages: [],
      isTyping: false,
      isOpen: false,
      isExpanded: false,
      isOnline: true,
      unreadCount: 0,
      error: null,
      sessionId: 'session-1234',
    });
  });

  it('opens, closes and toggles', () => {
    const opened = run(fresh(), { type: 'open' });
    expect(opened.isOpen).toBe(true);
    expect(run(opened, { type: 'close' }).isOpen).toBe(false);
    expect(run(opened, { type: 'toggle' }).isOpen).toBe(false);
    expect(run(fresh(), { type: 'toggle' }).isOpen).toBe(true);
  });

  it('expands and collapses', () => {
    const expanded = run(fresh(), { type: 'setExpanded', expanded: true });
    expect(expanded.isExpanded).toBe(true);
    expect(run(expanded, { type: 'setExpanded', expanded: false }).isExpanded).toBe(false);
  });

  it('goes offline when the health check fails and back online when it passes', () => {
    const offline = run(fresh(), { type: 'healthChecked', online: false });
    expect(offline.isOnline).toBe(false);
    expect(run(offline, { type: 'healthChecked', online: true }).isOnline).toBe(true);
  });

  it('marks a send as running, then takes the reply, its mode and its suggestions', () => {
    const sending = run(fresh(), { type: 'open' }, { type: 'sendStarted', message: message('user') });
    expect(sending.isTyping).toBe(true);
    const replied = run(sending, {
      type: 'replyReceived',
      message: message('bot', 'respuesta', 'reply'),
      mode: 'offline',
      suggestions: ['¿Cómo publico un agente?'],
    });
    expect(replied.isTyping).toBe(false);
    expect(replied.isOnline).toBe(false);
    expect(replied.messages.map((m) => m.sender)).toEqual(['user', 'bot']);
    expect(replied.suggestions).toEqual(['¿Cómo publico un agente?']);
  });

  it('switches to offline on a failed send and keeps the error message in the conversation', () => {
    const failed = run(
      fresh(),
      { type: 'open' },
      { type: 'sendStarted', message: message('user') },
      { type: 'sendFailed', message: message('bot', assistantStrings.connectionError, 'error') },
    );
    expect(failed.isOnline).toBe(false);
    expect(failed.isTyping).toBe(false);
    expect(failed.messages.at(-1)?.content).toBe('Lo siento, hay problemas de conexión. He cambiado a modo offline.');
  });

  it('shows a refusal (rate limit) without going offline', () => {
    const refused = run(fresh(), { type: 'sendStarted', message: message('user') }, { type: 'sendRejected', error: 'Demasiadas preguntas.' });
    expect(refused).toMatchObject({ isOnline: true, isTyping: false, error: 'Demasiadas preguntas.' });
    expect(run(refused, { type: 'dismissError' }).error).toBeNull();
    expect(run(refused, { type: 'sendStarted', message: message('user', 'otra') }).error).toBeNull();
  });

  it('counts bot messages that arrive while closed and clears the count on opening', () => {
    let state = run(fresh(), { type: 'sendStarted', message: message('user') });
    state = run(state, { type: 'replyReceived', message: message('bot', 'a'), mode: 'online', suggestions: [] });
    state = run(state, { type: 'sendFailed', message: message('bot', 'b', 'error') });
    expect(state.unreadCount).toBe(2);
    state = run(state, { type: 'open' });
    expect(state.unreadCount).toBe(0);
    state = run(state, { type: 'replyReceived', message: message('bot', 'c'), mode: 'online', suggestions: [] });
    expect(state.unreadCount).toBe(0);
  });

  it('does not count the user’s own messages as unread', () => {
    expect(run(fresh(), { type: 'sendStarted', message: message('user') }).unreadCount).toBe(0);
  });
});

describe('context hint', () => {
  const onPage = (page: string) => run(fresh(), { type: 'routeChanged', page });

  it('is due once the panel is open on a page, and not while closed', () => {
    expect(isHintDue(onPage('/'))).toBe(false);
    expect(isHintDue(run(onPage('/'), { type: 'open' }))).toBe(true);
  });

  it('is shown once per page', () => {
    const shown = run(onPage('/'), { type: 'open' }, { type: 'hintShown', page: '/', message: message('bot', 'pista', 'hint') });
    expect(shown.hintShown).toBe(true);
    expect(isHintDue(shown)).toBe(false);
    const again = run(shown, { type: 'close' }, { type: 'open' }, { type: 'hintShown', page: '/', message: message('bot', 'otra', 'hint') });
    expect(again.messages.filter((m) => m.kind === 'hint')).toHaveLength(1);
  });

  it('is re-armed by a route change', () => {
    const shown = run(onPage('/'), { type: 'open' }, { type: 'hintShown', page: '/', message: message('bot', 'pista', 'hint') });
    const moved = run(shown, { type: 'routeChanged', page: '/marketplace' });
    expect(isHintDue(moved)).toBe(true);
    expect(isHintDue(run(moved, { type: 'routeChanged', page: '/' }))).toBe(true);
  });

  it('ignores a hint for a page the user has left or after the panel closed', () => {
    const open = run(onPage('/marketplace'), { type: 'open' });
    expect(run(open, { type: 'hintShown', page: '/', message: message('bot', 'x', 'hint') }).messages).toHaveLength(0);
    const closed = run(open, { type: 'close' });
    expect(run(closed, { type: 'hintShown', page: '/marketplace', message: message('bot', 'x', 'hint') }).messages).toHaveLength(0);
  });
});

describe('validation', () => {
  it('refuses empty and whitespace-only messages', () => {
    expect(canSend(fresh(), '')).toBe(false);
    expect(canSend(fresh(), '   \n\t ')).toBe(false);
    expect(canSend(fresh(), ' hola ')).toBe(true);
  });

  it('refuses a second send while one is running', () => {
    const sending = run(fresh(), { type: 'sendStarted', message: message('user') });
    expect(canSend(sending, 'otra pregunta')).toBe(false);
  });
});

describe('suggestions', () => {
  it('always offers how to create an agent and the plans, first', () => {
    expect(visibleSuggestions([]).slice(0, 2)).toEqual(['¿Cómo creo un agente?', '¿Cuáles son los planes?']);
    const withServer = visibleSuggestions(['¿Cómo publico un agente como API?', '¿cuáles son los planes?']);
    expect(withServer).toEqual(['¿Cómo creo un agente?', '¿Cuáles son los planes?', '¿Cómo publico un agente como API?', '¿Cómo funciona el marketplace?']);
  });

  it('shows at most five', () => {
    expect(visibleSuggestions(['a', 'b', 'c', 'd', 'e', 'f'])).toHaveLength(5);
  });
});

describe('article links', () => {
  it('keeps app paths and http(s) addresses and drops anything else', () => {
    expect(
      safeArticles([
        { slug: 'a', title: 'A', url: '/support?article=a' },
        { slug: 'b', title: 'B', url: 'https://docs.example/b' },
        { slug: 'c', title: 'C', url: 'javascript:alert(1)' },
        { slug: 'd', title: 'D', url: '//evil.example' },
      ]),
    ).toEqual([
      { slug: 'a', title: 'A', url: '/support?article=a' },
      { slug: 'b', title: 'B', url: 'https://docs.example/b' },
    ]);
    expect(safeArticles([])).toEqual([]);
  });
});

describe('drag bounds', () => {
  const size = { width: 370, height: 600 };
  const viewport = { width: 1280, height: 800 };

  it('keeps the panel 16 px inside the window on every side', () => {
    expect(clampPosition({ x: -500, y: -500 }, size, viewport)).toEqual({ x: WIDGET_DRAG_MARGIN_PX, y: WIDGET_DRAG_MARGIN_PX });
    expect(clampPosition({ x: 5000, y: 5000 }, size, viewport)).toEqual({ x: 1280 - 370 - 16, y: 800 - 600 - 16 });
    expect(clampPosition({ x: 300, y: 100 }, size, viewport)).toEqual({ x: 300, y: 100 });
  });

  it('pins to the top left margin when the window is too small for the panel', () => {
    expect(clampPosition({ x: 200, y: 200 }, size, { width: 380, height: 500 })).toEqual({ x: 16, y: 16 });
  });
});
