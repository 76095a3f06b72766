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

const NAMES = { 'sub-jefa': 'jefa@example.com', u1: 'ana@example.com', a9: 'Asesor Fiscal', s1: 'Asesor Fiscal · ana@example.com' };
/** Intl writes a no-break space before the euro sign. */
const lines = (cell: HTMLElement) => Array.from(cell.querySelectorAll('p')).map((line) => (line.textContent ?? '').replace(/\u00a0/g, ' '));

describe('AuditPage', () => {
  // Issue 31, item 9: ids, codes and raw JSON before.
  it('lists the log entries in words: who by name, the action in Spanish, what it was done to, and what changed', async () => {
    mockApi().on('GET', admin('/audit'), {
      body: {
        items: [
          ENTRY,
          { ...ENTRY, id: 6, action: 'user.role', before: { role: 'user' }, after: { role: 'admin' } },
          {
            ...ENTRY,
            id: 5,
            actorSub: 'system',
            action: 'subscription.status',
            target: 'subscription:s1',
            before: { status: 'active', price: 9.5, userSub: 'u1', agentId: 'a9' },
            after: { status: 'past_due', price: 9.5, userSub: 'u1', agentId: 'a9' },
          },
          {
            ...ENTRY,
            id: 4,
            actorSub: 'u1',
            action: 'price.change',
            target: 'agent:a9',
            before: { priceId: 'price_1', unitAmount: 950, currency: 'eur' },
            after: { priceId: 'price_2', unitAmount: 1200, currency: 'eur' },
          },
          { ...ENTRY, id: 3, action: 'agent.update', target: 'agent:gone', before: { category: 'finance' }, after: { category: 'legal' } },
          { ...ENTRY, id: 2, actorSub: 'cli', action: 'user.role.grant', before: { role: 'user', enabled: true }, after: { role: 'admin', enabled: true } },
        ],
        total: 6,
        names: NAMES,
      },
    });
    renderWithProviders(<AuditPage />);
    const table = await screen.findByRole('table', { name: 'Registro de auditoría' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Fecha', 'Quién', 'Acción', 'Sobre', 'Cambios', 'Hash']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell'));
    expect(rows[0].map((cell) => cell.textContent)).toEqual([
      '24/11/2026, 10:00',
      'jefa@example.com',
      'Deshabilitar usuario',
      'Usuario: ana@example.com',
      'Estado: confirmado → deshabilitado',
      'a3f1c9e2b7d4',
    ]);
    expect(lines(rows[1][4])).toEqual(['Rol: usuario → administrador']);
    expect(rows[2].slice(1, 4).map((cell) => cell.textContent)).toEqual([
      'El sistema',
      'Cambio de estado de la suscripción',
      'Suscripción: Asesor Fiscal · ana@example.com',
    ]);
    // What did not change is left out.
    expect(lines(rows[2][4])).toEqual(['Estado: activa → pago pendiente']);
    expect(rows[3][1]).toHaveTextContent('ana@example.com');
    expect(lines(rows[3][4])).toEqual(['Id del precio: price_1 → price_2', 'Importe: 9,50 € → 12,00 €']);
    // A deleted agent keeps its id; a category is named by its label.
    expect(rows[4][3]).toHaveTextContent('Agente: gone');
    expect(lines(rows[4][4])).toEqual(['Categoría: Finanzas → Legal']);
    expect(rows[5][1]).toHaveTextContent('Operador (línea de órdenes)');
    expect(rows[5][2]).toHaveTextContent('Dar el rol de administrador');
    expect(table).not.toHaveTextContent(/[{}]/);
  });

  it('lists what a new thing was made with, and an action it does not know by its code', async () => {
    mockApi().on('GET', admin('/audit'), {
      body: {
        items: [{ ...ENTRY, action: 'subscription.create', target: 'subscription:s1', before: null, after: { status: 'active', price: 9.5, userSub: 'u1' } }],
        total: 1,
        names: NAMES,
      },
    });
    const { unmount } = renderWithProviders(<AuditPage />);
    const table = await screen.findByRole('table', { name: 'Registro de auditoría' });
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent('Nueva suscripción');
    expect(lines(cells[4])).toEqual(['Estado: activa', 'Precio al mes: 9,50 €', 'Usuario: ana@example.com']);
    unmount();

    mockApi().on('GET', admin('/audit'), { body: { items: [{ ...ENTRY, action: 'algo.nuevo', before: null, after: null }], total: 1, names: {} } });
    renderWithProviders(<AuditPage />);
    const other = within(within(await screen.findByRole('table', { name: 'Registro de auditoría' })).getAllByRole('row')[1]).getAllByRole('cell');
    expect(other[1]).toHaveTextContent('sub-jefa');
    expect(other[2]).toHaveTextContent('algo.nuevo');
    expect(other[4]).toHaveTextContent('Sin cambios registrados');
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
