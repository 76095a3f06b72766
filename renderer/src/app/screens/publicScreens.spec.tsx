import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { CookieBanner } from '../../features/consent';
import { AssistantWidget } from '../../features/assistant';
import { AssistantChatScreen, CookiesScreen } from './publicScreens';

describe('cookies page', () => {
  it('lets the visitor change the stored cookie choice, which brings the banner back', async () => {
    localStorage.setItem('cookie_consent', 'declined');
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <CookiesScreen />
        <CookieBanner />
      </>,
      { route: '/cookies' },
    );
    expect(screen.getByText('Has rechazado las cookies opcionales.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cambiar mi elección de cookies' }));
    expect(localStorage.getItem('cookie_consent')).toBeNull();
    expect(screen.getByRole('region', { name: 'Aviso de cookies' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByText('Has aceptado las cookies opcionales.')).toBeInTheDocument();
  });
});

describe('assistant chat page', () => {
  it('shows the widget’s conversation on its own page, without the floating widget', async () => {
    window.sessionStorage.clear();
    const api = mockApi()
      .on('GET', '/health', { body: { status: 'ok' } })
      .on('POST', '/assistant/messages', {
        status: 201,
        body: { id: 'r1', reply: 'Los planes son individuales o en paquete.', mode: 'online', articles: [], suggestedQuestions: [] },
      });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <AssistantChatScreen />
        <AssistantWidget />
      </>,
      { route: '/chat-agent' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Chat con Seshat' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Abrir el asistente/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Escribe tu mensaje' }), '¿Cuáles son los planes?{Enter}');
    expect(await screen.findByText('Los planes son individuales o en paquete.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/assistant/messages')[0]?.body).toMatchObject({ page: 'Chat con agentes' });
  });
});
