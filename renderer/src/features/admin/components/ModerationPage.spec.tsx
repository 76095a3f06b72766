import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import { ModerationPage } from './ModerationPage';

const admin = (path: string) => `-admin${path}`;
/** An agent as GET /api-admin/moderation lists it (AgentDto): its id is `id`. */
const ITEM = { id: 'a9', name: 'Asesor Fiscal', category: 'finance', description: 'Impuestos', createdBy: 'ana' };
const queue = (items: unknown[], enabled = true) => ({ body: { enabled, items } });

function renderPage() {
  renderWithProviders(
    <>
      <ModerationPage />
      <ToastViewport />
    </>,
  );
}

describe('ModerationPage', () => {
  // It sent /moderation/undefined/approve before: the screen read an `agentId` the server does not send.
  it('approves a waiting agent, by its id, and asks for the queue again', async () => {
    const api = mockApi().on('GET', admin('/moderation'), queue([ITEM])).on('POST', admin('/moderation/a9/approve'), { body: {} });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Aprobar Asesor Fiscal' }));
    expect(await screen.findByText('Agente "Asesor Fiscal" aprobado.')).toBeInTheDocument();
    expect(api.callsTo('POST', admin('/moderation/a9/approve'))).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', admin('/moderation'))).toHaveLength(2));
  });

  it('rejects only with a reason', async () => {
    const api = mockApi().on('GET', admin('/moderation'), queue([ITEM])).on('POST', admin('/moderation/a9/reject'), { body: {} });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Rechazar Asesor Fiscal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar "Asesor Fiscal"' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(within(dialog).getByText('Indica el motivo del rechazo.')).toBeInTheDocument();
    expect(api.callsTo('POST', admin('/moderation/a9/reject'))).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Promete resultados garantizados');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Agente "Asesor Fiscal" rechazado.')).toBeInTheDocument();
    expect(api.callsTo('POST', admin('/moderation/a9/reject'))[0].body).toEqual({ reason: 'Promete resultados garantizados' });
  });

  it('says when the queue is empty', async () => {
    mockApi().on('GET', admin('/moderation'), queue([]));
    renderPage();
    expect(await screen.findByText('No hay agentes pendientes de revisión.')).toBeInTheDocument();
  });

  // It said the queue was empty before: the server answers { enabled: false } when MODERATION_ENABLED is off.
  it('says moderation is off when the server does not moderate', async () => {
    mockApi().on('GET', admin('/moderation'), queue([], false));
    renderPage();
    expect(await screen.findByText(/La moderación no está activada en este servidor/)).toBeInTheDocument();
    expect(screen.getByText('No hay agentes pendientes de revisión.')).toBeInTheDocument();
  });

  // Issue 31, item 10: the page said new agents wait for approval even with moderation off.
  it('says new agents wait for approval only when the server moderates', async () => {
    const api = mockApi().on('GET', admin('/moderation'), queue([], false));
    const { unmount } = renderWithProviders(<ModerationPage />);
    expect(
      await screen.findByText(
        'La moderación no está activada en este servidor (MODERATION_ENABLED): los agentes que se hacen públicos aparecen en el marketplace al momento, sin revisión.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/esperan aquí/)).toBeNull();
    unmount();

    api.on('GET', admin('/moderation'), queue([ITEM], true));
    renderWithProviders(<ModerationPage />);
    expect(
      await screen.findByText('Los agentes que se hacen públicos esperan aquí a que un administrador los apruebe antes de aparecer en el marketplace.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/La moderación no está activada/)).toBeNull();
  });

  it('with moderation off, still lists what was left waiting while it was on, and says why', async () => {
    mockApi().on('GET', admin('/moderation'), queue([ITEM], false));
    renderPage();
    expect(await screen.findByText(/Estos agentes quedaron pendientes cuando la moderación estaba activada/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aprobar Asesor Fiscal' })).toBeInTheDocument();
    // The category by its label, not its slug.
    expect(screen.getByText(/Finanzas · ana/)).toBeInTheDocument();
  });

  it("shows a failed load with the server's message, and 'Reintentar' asks again", async () => {
    const api = mockApi().on('GET', admin('/moderation'), { status: 500, body: { message: 'Base de datos no disponible' } });
    renderPage();
    expect(await screen.findByText('Base de datos no disponible')).toBeInTheDocument();
    api.on('GET', admin('/moderation'), queue([ITEM]));
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Aprobar Asesor Fiscal' })).toBeInTheDocument();
  });
});
