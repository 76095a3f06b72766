import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { desktopBridge } from '../../../../test/desktop-bridge';
import { renderWithProviders } from '../../../../test/render';
import { AssistantWidget } from './AssistantWidget';

const reply = (overrides: Record<string, unknown> = {}) => ({
  id: `r-${Math.random()}`,
  reply: 'Crea tu agente desde **Crear Agente Avanzado**.',
  mode: 'online',
  articles: [{ slug: 'crear-agente', title: 'Crear tu primer agente', url: '/support?article=crear-agente' }],
  suggestedQuestions: [],
  ...overrides,
});

const healthy = { status: 'ok', providers: { assistant: 'online' } };

function setWindowSize(width: number, height: number) {
  Object.assign(window, { innerWidth: width, innerHeight: height });
  window.dispatchEvent(new Event('resize'));
}

let navigate: NavigateFunction;
function Navigator() {
  navigate = useNavigate();
  return null;
}

function renderWidget(route = '/') {
  return renderWithProviders(
    <>
      <Navigator />
      <AssistantWidget />
    </>,
    { route },
  );
}

const opener = () => screen.getByRole('button', { name: /Abrir el asistente Seshat/ });
const panel = () => screen.getByRole('dialog', { name: 'Asistente Seshat' });
const input = () => screen.getByRole('textbox', { name: 'Escribe tu mensaje' });
const sendButton = () => screen.getByRole('button', { name: 'Enviar mensaje' });

let api: ApiMock;
beforeEach(() => {
  window.sessionStorage.clear();
  setWindowSize(1280, 800);
  api = mockApi().on('GET', '/health', { body: healthy }).on('POST', '/assistant/messages', { status: 201, body: reply() });
  delete window.desktop;
});

afterEach(() => {
  jest.useRealTimers();
  delete window.desktop;
});

describe('AssistantWidget', () => {
  it('opens from the round button and shows the name, status, support link, chips, input and contact link', async () => {
    const user = userEvent.setup();
    renderWidget();
    await user.click(opener());
    const dialog = panel();
    expect(within(dialog.querySelector('header')!).getByText('Seshat')).toBeInTheDocument();
    expect(await within(dialog).findByText('En línea')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Centro de soporte' })).toHaveAttribute('href', '/support');
    expect(await within(dialog).findByRole('link', { name: 'Escríbenos' })).toHaveAttribute('href', '/contact');
    const chips = within(dialog).getByRole('group', { name: 'Preguntas sugeridas' });
    expect(within(chips).getByRole('button', { name: '¿Cómo creo un agente?' })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: '¿Cuáles son los planes?' })).toBeInTheDocument();
    expect(input()).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar el asistente Seshat' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener()).toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    renderWidget();
    await user.click(opener());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is 370 px wide and 600 px tall on desktop, and 400 px by 75vh expanded', async () => {
    const user = userEvent.setup();
    setWindowSize(1280, 1000);
    renderWidget();
    await user.click(opener());
    expect(panel()).toHaveAttribute('data-layout', 'desktop');
    expect(panel().style.width).toBe('370px');
    expect(panel().style.height).toBe('600px');
    await user.click(screen.getByRole('button', { name: 'Ampliar el asistente' }));
    expect(panel().style.width).toBe('400px');
    expect(panel().style.height).toBe('750px');
    await user.click(screen.getByRole('button', { name: 'Reducir el asistente' }));
    expect(panel().style.width).toBe('370px');
  });

  it('starts at the top right, 16 px from the edge and below the notice row, and a drag never takes it closer than 16 px', async () => {
    // jsdom has no PointerEvent; a MouseEvent with a pointer id carries everything the drag reads.
    class PointerEventStub extends MouseEvent {
      pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
      }
    }
    const original = Object.getOwnPropertyDescriptor(window, 'PointerEvent');
    Object.defineProperty(window, 'PointerEvent', { configurable: true, writable: true, value: PointerEventStub });
    try {
      const user = userEvent.setup();
      renderWidget();
      await user.click(opener());
      expect(panel().style.left).toBe(`${1280 - 370 - 16}px`);
      expect(panel().style.top).toBe('72px');
      const header = panel().querySelector('header')!;
      fireEvent.pointerDown(header, { button: 0, pointerId: 1, clientX: 1000, clientY: 30 });
      fireEvent.pointerMove(header, { pointerId: 1, clientX: -2000, clientY: 5000 });
      fireEvent.pointerUp(header, { pointerId: 1 });
      expect(panel().style.left).toBe('16px');
      expect(panel().style.top).toBe(`${800 - 600 - 16}px`);
    } finally {
      if (original) Object.defineProperty(window, 'PointerEvent', original);
      else delete (window as { PointerEvent?: unknown }).PointerEvent;
    }
  });

  it('is full screen on mobile, opened from the bottom right, without expand', async () => {
    const user = userEvent.setup();
    setWindowSize(390, 844);
    renderWidget();
    expect(opener().closest('.assistant-dock')).toHaveAttribute('data-layout', 'mobile');
    await user.click(opener());
    expect(panel()).toHaveAttribute('data-layout', 'mobile');
    expect(panel().style.width).toBe('');
    expect(screen.queryByRole('button', { name: 'Ampliar el asistente' })).not.toBeInTheDocument();
    // A link inside the full-screen panel closes it, so that its page is not hidden behind.
    await user.click(screen.getByRole('link', { name: 'Centro de soporte' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends with Enter, not with Shift+Enter, and renders the reply as Markdown with its articles', async () => {
    const user = userEvent.setup();
    renderWidget('/marketplace');
    await user.click(opener());
    await user.type(input(), 'primera línea{Shift>}{Enter}{/Shift}');
    expect(api.callsTo('POST', '/assistant/messages')).toHaveLength(0);
    await user.type(input(), 'segunda{Enter}');
    const log = screen.getByRole('log');
    expect(await within(log).findByText('Crear Agente Avanzado')).toContainHTML('Crear Agente Avanzado');
    expect(within(log).getByText('Crear Agente Avanzado').tagName).toBe('STRONG');
    expect(within(log).getByRole('link', { name: 'Crear tu primer agente' })).toHaveAttribute('href', '/support?article=crear-agente');
    expect(api.callsTo('POST', '/assistant/messages')[0]?.body).toMatchObject({
      message: 'primera línea\nsegunda',
      page: 'Marketplace de agentes',
    });
    expect(input()).toHaveValue('');
  });

  it('keeps the send button disabled for empty or whitespace text and while a send runs', async () => {
    const user = userEvent.setup();
    api.on('POST', '/assistant/messages', { hang: true });
    renderWidget();
    await user.click(opener());
    expect(sendButton()).toBeDisabled();
    await user.type(input(), '   ');
    expect(sendButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(api.callsTo('POST', '/assistant/messages')).toHaveLength(0);
    await user.type(input(), 'hola{Enter}');
    expect(await screen.findByText('Seshat está escribiendo…')).toBeInTheDocument();
    await user.type(input(), 'otra');
    expect(sendButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: '¿Cómo creo un agente?' })).toBeDisabled();
    expect(api.callsTo('POST', '/assistant/messages')).toHaveLength(1);
  });

  it('sends a suggestion chip', async () => {
    const user = userEvent.setup();
    renderWidget();
    await user.click(opener());
    await user.click(screen.getByRole('button', { name: '¿Cuáles son los planes?' }));
    expect(api.callsTo('POST', '/assistant/messages')[0]?.body).toMatchObject({ message: '¿Cuáles son los planes?' });
  });

  it('never turns raw HTML in a reply into elements', async () => {
    const user = userEvent.setup();
    api.on('POST', '/assistant/messages', { status: 201, body: reply({ reply: 'Hola <img src=x onerror="alert(1)"> <b>negrita</b> <script>alert(2)</script>', articles: [] }) });
    renderWidget();
    await user.click(opener());
    await user.type(input(), 'hola{Enter}');
    const log = screen.getByRole('log');
    await within(log).findByText(/negrita/);
    expect(log.querySelector('img, b, script')).toBeNull();
  });

  it('switches to offline, with the offline welcome, when the health check fails', async () => {
    api.on('GET', '/health', { networkError: true });
    const user = userEvent.setup();
    renderWidget();
    await user.click(opener());
    expect(await screen.findByText('Modo offline')).toBeInTheDocument();
    expect(await screen.findByRole('log')).toHaveTextContent('funcionalidad limitada');
  });

  it('switches to offline when the health check fails while the browser says it has no connection', async () => {
    api.on('GET', '/health', { networkError: true });
    onlineManager.setOnline(false);
    try {
      const user = userEvent.setup();
      renderWidget();
      await user.click(opener());
      expect(await screen.findByText('Modo offline')).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('reports offline when the backend has no model configured', async () => {
    api.on('GET', '/health', { body: { status: 'ok', providers: { assistant: 'offline' } } });
    const user = userEvent.setup();
    renderWidget();
    await user.click(opener());
    expect(await screen.findByText('Modo offline')).toBeInTheDocument();
  });

  it('switches to offline with the spec message when a send fails', async () => {
    api.on('POST', '/assistant/messages', { networkError: true });
    const user = userEvent.setup();
    renderWidget();
    await user.click(opener());
    expect(await screen.findByText('En línea')).toBeInTheDocument();
    await user.type(input(), 'hola{Enter}');
    expect(await screen.findByText('Lo siento, hay problemas de conexión. He cambiado a modo offline.')).toBeInTheDocument();
    expect(screen.getByText('Modo offline')).toBeInTheDocument();
  });

  it('shows a rate-limit message without going offline', async () => {
    api.on('POST', '/assistant/messages', { status: 429, body: { message: 'Demasiados mensajes. Espera un momento.' } });
    const user = userEvent.setup();
    renderWidget();
    await user.click(opener());
    await user.type(input(), 'hola{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados mensajes. Espera un momento.');
    expect(screen.getByText('En línea')).toBeInTheDocument();
  });

  it('counts a reply that arrives while closed as unread', async () => {
    let answer!: () => void;
    api.on('POST', '/assistant/messages', () => ({ status: 201, body: reply() }));
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((...args: Parameters<typeof fetch>) =>
      (args[0] instanceof Request ? args[0].url : String(args[0])).includes('/assistant/messages')
        ? new Promise<Response>((resolve) => {
            answer = () => resolve(realFetch(...args));
          })
        : realFetch(...args)) as typeof fetch;
    const user = userEvent.setup();
    renderWidget();
    await user.click(opener());
    await user.type(input(), 'hola{Enter}');
    await user.click(screen.getByRole('button', { name: 'Cerrar el asistente Seshat' }));
    await act(async () => answer());
    expect(await screen.findByRole('button', { name: 'Abrir el asistente Seshat (1 mensaje sin leer)' })).toBeInTheDocument();
    expect(screen.getByText('1')).toBeInTheDocument();
    await user.click(opener());
    await user.click(screen.getByRole('button', { name: 'Cerrar el asistente Seshat' }));
    expect(opener()).toHaveAccessibleName('Abrir el asistente Seshat');
  });

  it('toggles with the desktop app’s global shortcut and unsubscribes on unmount', () => {
    let listener: (() => void) | undefined;
    const unsubscribe = jest.fn();
    window.desktop = { ...desktopBridge('http://127.0.0.1:4100'), onToggleAssistant: (fn) => ((listener = fn), unsubscribe) };
    api = mockApi().on('GET', '/health', { body: healthy });
    const { unmount } = renderWidget();
    act(() => listener?.());
    expect(panel()).toBeInTheDocument();
    act(() => listener?.());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('is not shown on the full-page assistant chat', () => {
    renderWidget('/chat-agent');
    expect(screen.queryByRole('button', { name: /Abrir el asistente/ })).not.toBeInTheDocument();
  });
});

describe('AssistantWidget health check', () => {
  it('checks GET /health on start and every 60 s with a 5 s time-out', async () => {
    jest.useFakeTimers();
    renderWidget();
    await act(async () => {});
    expect(api.callsTo('GET', '/health')).toHaveLength(1);
    await act(async () => jest.advanceTimersByTime(59_999));
    expect(api.callsTo('GET', '/health')).toHaveLength(1);
    await act(async () => jest.advanceTimersByTime(1));
    expect(api.callsTo('GET', '/health')).toHaveLength(2);

    api.on('GET', '/health', { hang: true });
    await act(async () => jest.advanceTimersByTime(60_000));
    expect(screen.getByRole('button', { name: /Abrir el asistente/ })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(5_000));
    fireEvent.click(opener());
    expect(screen.getByText('Modo offline')).toBeInTheDocument();
  });
});

describe('AssistantWidget context hint', () => {
  const hints = () => document.querySelectorAll('[data-kind="hint"]');

  beforeEach(() => {
    jest.useFakeTimers();
  });

  it('appears 1200 ms after opening, once per page, and again after a route change', async () => {
    renderWidget('/marketplace');
    fireEvent.click(opener());
    await act(async () => jest.advanceTimersByTime(1199));
    expect(hints()).toHaveLength(0);
    await act(async () => jest.advanceTimersByTime(1));
    expect(hints()).toHaveLength(1);
    expect(hints()[0]).toHaveTextContent('Marketplace de agentes');

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar el asistente Seshat' }));
    fireEvent.click(opener());
    await act(async () => jest.advanceTimersByTime(5000));
    expect(hints()).toHaveLength(1);

    await act(async () => navigate('/support'));
    await act(async () => jest.advanceTimersByTime(1199));
    expect(hints()).toHaveLength(1);
    await act(async () => jest.advanceTimersByTime(1));
    expect(hints()).toHaveLength(2);
    expect(hints()[1]).toHaveTextContent('Centro de soporte');
  });

  it('is cancelled by closing before 1200 ms and waits for the next opening', async () => {
    renderWidget('/');
    fireEvent.click(opener());
    await act(async () => jest.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar el asistente Seshat' }));
    await act(async () => jest.advanceTimersByTime(5000));
    fireEvent.click(opener());
    expect(hints()).toHaveLength(0);
    await act(async () => jest.advanceTimersByTime(1200));
    expect(hints()).toHaveLength(1);
    expect(hints()[0]).toHaveTextContent('Inicio');
  });

  it('re-arms on a route change while closed, for the page the user opens it on', async () => {
    renderWidget('/login');
    fireEvent.click(opener());
    await act(async () => jest.advanceTimersByTime(1200));
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar el asistente Seshat' }));
    await act(async () => navigate('/register'));
    await act(async () => navigate('/login'));
    fireEvent.click(opener());
    await act(async () => jest.advanceTimersByTime(1200));
    expect(hints()).toHaveLength(2);
    expect(hints()[1]).toHaveTextContent('Inicio de sesión');
  });
});
