import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { AuditPage } from './AuditPage';

const admin = (path: string) => `-admin${path}`;

const ENTRY = {
  id: 7,
  at: '2026-11-24T10:00:00.000Z',
  actorSub: 'sub-jefa',
  action: 'user.disable',
  target: 'user:u1',
  before: { status: 'confirmed' },
  after: { status: 'disabled' },
  hash: 'a3f1c9e2b7d40011aa',
};

describe('AuditPage', () => {
  it('lists the log entries with who, what, when, before and after', async () => {
    mockApi().on('GET', admin('/audit'), { body: { items: [ENTRY], total: 1 } });
    renderWithProviders(<AuditPage />);
    const table = await screen.findByRole('table', { name: 'Registro de auditoría' });
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual([
      '24/11/2026, 10:00',
      'sub-jefa',
      'user.disable',
      'user:u1',
      '{"status":"confirmed"}',
      '{"status":"disabled"}',
      'a3f1c9e2b7d4',
    ]);
  });

  it("'Verificar cadena' says the chain is valid", async () => {
    mockApi()
      .on('GET', admin('/audit'), { body: { items: [ENTRY], total: 1 } })
      .on('GET', admin('/audit/verify'), { body: { valid: true, checked: 42 } });
    renderWithProviders(<AuditPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Verificar cadena' }));
    expect(await screen.findByText('La cadena es válida: 42 registros comprobados.')).toBeInTheDocument();
  });

  it("'Verificar cadena' shows the head of the chain and where its signed part begins", async () => {
    mockApi()
      .on('GET', admin('/audit'), { body: { items: [ENTRY], total: 1 } })
      .on('GET', admin('/audit/verify'), { body: { valid: true, checked: 42, keyedFrom: 30, head: { id: 42, at: '2026-11-24T10:00:00.000Z', hash: 'ab' } } });
    renderWithProviders(<AuditPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Verificar cadena' }));
    expect(
      await screen.findByText(
        'Último registro: n.º 42, del 24/11/2026, 10:00. Anótalo: si alguien recortara o reescribiera entera la cadena, el último registro no coincidiría.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Firmados con la clave del servidor desde el n.º 30; los anteriores son de antes de la clave.')).toBeInTheDocument();
  });

  it("'Verificar cadena' names the first broken link", async () => {
    mockApi()
      .on('GET', admin('/audit'), { body: { items: [], total: 0 } })
      .on('GET', admin('/audit/verify'), { body: { valid: false, checked: 5, firstBrokenId: 4 } });
    renderWithProviders(<AuditPage />);
    expect(await screen.findByText('El registro está vacío.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verificar cadena' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La cadena está rota: el primer registro alterado es 4 (5 registros comprobados).',
    );
  });

  it('shows a failed verification with its message', async () => {
    mockApi()
      .on('GET', admin('/audit'), { body: { items: [], total: 0 } })
      .on('GET', admin('/audit/verify'), { status: 503, body: { message: 'Servicio no disponible' } });
    renderWithProviders(<AuditPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Verificar cadena' }));
    expect(await screen.findByText('Servicio no disponible')).toBeInTheDocument();
  });

  it('pages through the log', async () => {
    const api = mockApi().on('GET', admin('/audit'), { body: { items: [ENTRY], total: 60 } });
    renderWithProviders(<AuditPage />);
    await screen.findByText('Página 1 de 3');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();
    expect(api.calls.at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(api.calls.at(-1)!.url.searchParams.get('limit')).toBe('25');
  });
});
