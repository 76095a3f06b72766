import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import { ReportsPage } from './ReportsPage';

const admin = (path: string) => `-admin${path}`;
const REVIEW_REPORT = {
  id: 'rep-1',
  targetType: 'review',
  targetId: 'r-1',
  agentId: 'a-1',
  agentName: 'Asesor Fiscal',
  review: { id: 'r-1', rating: 1, comment: 'Un comentario ofensivo', authorUsername: 'berta', hidden: false },
  reason: 'offensive',
  details: 'Insulta al creador',
  reporter: 'carla',
  status: 'open',
  action: null,
  note: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: null,
};
const AGENT_REPORT = { ...REVIEW_REPORT, id: 'rep-2', targetType: 'agent', targetId: 'a-1', review: null, reason: 'misleading', details: null };

function renderPage() {
  renderWithProviders(
    <>
      <ReportsPage />
      <ToastViewport />
    </>,
  );
}

describe("ReportsPage ('Denuncias', issue 34)", () => {
  it('lists the open reports with what was reported, and hides a review with a note', async () => {
    const api = mockApi()
      .on('GET', admin('/reports'), { body: { items: [REVIEW_REPORT, AGENT_REPORT] } })
      .on('POST', admin('/reports/rep-1/resolve'), { body: { ...REVIEW_REPORT, status: 'resolved', action: 'hide' } });
    renderPage();
    const [first, second] = await screen.findAllByTestId('report');
    expect(within(first).getByRole('heading', { name: 'Valoración de «Asesor Fiscal»' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Motivo: Ofensivo o abusivo');
    expect(first).toHaveTextContent('Un comentario ofensivo');
    expect(first).toHaveTextContent('Denunciada por carla');
    expect(within(first).queryByRole('button', { name: /Despublicar/ })).not.toBeInTheDocument();
    expect(within(second).getByRole('heading', { name: 'Agente «Asesor Fiscal»' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Despublicar agente: Agente «Asesor Fiscal»' })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /Ocultar/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', admin('/reports'))[0].url.searchParams.get('status')).toBe('open');

    await userEvent.click(within(first).getByRole('button', { name: 'Ocultar valoración: Valoración de «Asesor Fiscal»' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'Lenguaje ofensivo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Denuncia resuelta.')).toBeInTheDocument();
    expect(api.callsTo('POST', admin('/reports/rep-1/resolve'))[0].body).toEqual({ action: 'hide', note: 'Lenguaje ofensivo' });
    await waitFor(() => expect(api.callsTo('GET', admin('/reports')).length).toBeGreaterThanOrEqual(2));
  });

  it('says so when nothing is open, and shows the resolved ones with their outcome', async () => {
    mockApi()
      .on('GET', admin('/reports'), (call) =>
        call.url.searchParams.get('status') === 'resolved'
          ? { body: { items: [{ ...AGENT_REPORT, status: 'resolved', action: 'unpublish', note: 'Promete lo que no da', resolvedAt: '2026-11-21T10:00:00.000Z' }] } }
          : { body: { items: [] } },
      );
    renderPage();
    expect(await screen.findByText('No hay denuncias abiertas.')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Resueltas'));
    const [resolved] = await screen.findAllByTestId('report');
    expect(resolved).toHaveTextContent('Agente despublicado');
    expect(resolved).toHaveTextContent('Promete lo que no da');
    expect(within(resolved).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal', async () => {
    mockApi()
      .on('GET', admin('/reports'), { body: { items: [AGENT_REPORT] } })
      .on('POST', admin('/reports/rep-2/resolve'), { status: 409, body: { statusCode: 409, message: 'Esta denuncia ya está resuelta.', error: 'Conflict' } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Descartar: Agente «Asesor Fiscal»' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Esta denuncia ya está resuelta.')).toBeInTheDocument();
  });
});
