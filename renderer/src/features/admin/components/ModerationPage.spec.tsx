import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import { ModerationPage } from './ModerationPage';

const admin = (path: string) => `-admin${path}`;
const ITEM = { agentId: 'a9', name: 'Asesor Fiscal', category: 'finance', description: 'Impuestos', createdBy: 'ana' };

function renderPage() {
  renderWithProviders(
    <>
      <ModerationPage />
      <ToastViewport />
    </>,
  );
}

describe('ModerationPage', () => {
  it('approves a waiting agent', async () => {
    const api = mockApi().on('GET', admin('/moderation'), { body: [ITEM] }).on('POST', admin('/moderation/a9/approve'), { body: {} });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Aprobar Asesor Fiscal' }));
    expect(await screen.findByText('Agente "Asesor Fiscal" aprobado.')).toBeInTheDocument();
    expect(api.callsTo('POST', admin('/moderation/a9/approve'))).toHaveLength(1);
  });

  it('rejects only with a reason', async () => {
    const api = mockApi().on('GET', admin('/moderation'), { body: [ITEM] }).on('POST', admin('/moderation/a9/reject'), { body: {} });
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
    mockApi().on('GET', admin('/moderation'), { body: [] });
    renderPage();
    expect(await screen.findByText('No hay agentes pendientes de revisión.')).toBeInTheDocument();
  });

  it('says moderation is off when the server has no queue', async () => {
    mockApi();
    renderPage();
    expect(await screen.findByText(/La moderación no está activada en este servidor/)).toBeInTheDocument();
  });
});
