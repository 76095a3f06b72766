import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { setMatchMedia, setViewportWidth } from '../../../../test/media';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import type { AdminUser } from '../api/adminQueries';
import { AdminUsersPage, USERS_TABLE_MIN_WIDTH } from './AdminUsersPage';

jest.setTimeout(20_000);

const admin = (path: string) => `-admin${path}`;

const user = (id: string, username: string, extra: Partial<AdminUser> = {}): AdminUser => ({
  id,
  username,
  email: `${username}@example.com`,
  contactName: null,
  status: 'confirmed',
  role: 'user',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const ANA = user('u1', 'ana', { contactName: 'Ana Pérez' });
const LUIS = user('u2', 'luis', { status: 'disabled' });
const JEFA = user('u3', 'jefa', { role: 'admin' });

function serverWith(users: AdminUser[], total = users.length): ApiMock {
  return mockApi().on('GET', admin('/users'), (call) => ({
    body: { items: users, total, page: Number(call.url.searchParams.get('page') ?? 1), limit: 20 },
  }));
}

function renderPage() {
  return renderWithProviders(
    <>
      <AdminUsersPage currentUsername="jefa" />
      <ToastViewport />
    </>,
  );
}

const rowOf = (username: string) => {
  const table = screen.getByRole('table', { name: 'Usuarios' });
  return within(table).getAllByRole('row').find((row) => within(row).queryByText(username) !== null)!;
};

describe('AdminUsersPage', () => {
  it('lists the users with their status and role', async () => {
    serverWith([ANA, LUIS, JEFA]);
    renderPage();
    expect(screen.getByText('Cargando usuarios...')).toBeInTheDocument();
    expect(await screen.findByText('Mostrando 3 de 3 usuarios.')).toBeInTheDocument();
    expect(within(rowOf('ana')).getByText('Ana Pérez')).toBeInTheDocument();
    expect(within(rowOf('luis')).getByText('Deshabilitado')).toBeInTheDocument();
    expect(within(rowOf('luis')).getByRole('button', { name: 'Habilitar a luis' })).toBeInTheDocument();
    expect(within(rowOf('jefa')).getByText('Administrador')).toBeInTheDocument();
    // The signed-in admin cannot lock themselves out from here.
    expect(within(rowOf('jefa')).getByRole('button', { name: 'Deshabilitar a jefa' })).toBeDisabled();
    expect(within(rowOf('jefa')).getByRole('button', { name: 'Quitar administrador a jefa' })).toBeDisabled();
  });

  it('asks the server with the search text and the status filter, from the first page', async () => {
    const api = serverWith([ANA], 45);
    renderPage();
    await screen.findByText('Mostrando 1 de 45 usuarios.');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(api.calls.at(-1)!.url.searchParams.get('page')).toBe('2'));
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Deshabilitado' }));
    await waitFor(() => expect(api.calls.at(-1)!.url.searchParams.get('status')).toBe('disabled'));
    expect(api.calls.at(-1)!.url.searchParams.get('page')).toBe('1');

    await userEvent.type(screen.getByRole('textbox', { name: /Buscar por nombre/ }), ' ana ');
    await waitFor(() => expect(api.calls.at(-1)!.url.searchParams.get('search')).toBe('ana'));
    const last = api.calls.at(-1)!.url.searchParams;
    expect(last.get('status')).toBe('disabled');
    expect(last.get('page')).toBe('1');
    expect(last.get('limit')).toBe('20');
  });

  // The search box's wait must not send the list back to page 1 when nothing was typed.
  it('keeps the page chosen as soon as the list shows', async () => {
    const api = serverWith([ANA], 45);
    renderPage();
    await screen.findByText('Mostrando 1 de 45 usuarios.');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(api.calls.at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
  });

  it('disables a user only after the confirmation, and says so', async () => {
    const api = serverWith([ANA, JEFA]);
    api.on('POST', admin('/users/u1/disable'), { body: { ...ANA, status: 'disabled' } });
    renderPage();
    await screen.findByText('Mostrando 2 de 2 usuarios.');
    await userEvent.click(within(rowOf('ana')).getByRole('button', { name: 'Deshabilitar a ana' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar' });
    expect(dialog).toHaveTextContent('¿Seguro que quieres deshabilitar al usuario "ana"?');
    expect(api.callsTo('POST', admin('/users/u1/disable'))).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Usuario "ana" deshabilitado.')).toBeInTheDocument();
    expect(api.callsTo('POST', admin('/users/u1/disable'))).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', admin('/users'))).toHaveLength(2));
  });

  it('enables a disabled user; cancelling sends nothing', async () => {
    const api = serverWith([LUIS]);
    api.on('POST', admin('/users/u2/enable'), { body: { ...LUIS, status: 'confirmed' } });
    renderPage();
    await screen.findByText('Mostrando 1 de 1 usuario.');
    await userEvent.click(screen.getByRole('button', { name: 'Habilitar a luis' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('POST', admin('/users/u2/enable'))).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Habilitar a luis' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Usuario "luis" habilitado.')).toBeInTheDocument();
  });

  it('grants and revokes the admin role', async () => {
    const api = serverWith([ANA, user('u4', 'marta', { role: 'admin' })]);
    api.on('PUT', admin('/users/u1/role'), { body: { ...ANA, role: 'admin' } });
    api.on('PUT', admin('/users/u4/role'), { status: 409, body: { message: 'No se puede quitar el rol al último administrador.' } });
    renderPage();
    await screen.findByText('Mostrando 2 de 2 usuarios.');

    await userEvent.click(screen.getByRole('button', { name: 'Hacer administrador a ana' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('"ana" ahora es administrador.')).toBeInTheDocument();
    expect(api.callsTo('PUT', admin('/users/u1/role'))[0].body).toEqual({ role: 'admin' });

    await userEvent.click(screen.getByRole('button', { name: 'Quitar administrador a marta' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('No se puede quitar el rol al último administrador.')).toBeInTheDocument();
    expect(api.callsTo('PUT', admin('/users/u4/role'))[0].body).toEqual({ role: 'user' });
  });

  it("lists a user's agents, and an empty list on 404", async () => {
    const api = serverWith([ANA, LUIS]);
    api.on('GET', admin('/users/u1/agents'), {
      body: { created: [{ id: 'a1', name: 'Asesor Legal' }], team: [{ agentId: 'a2', name: 'Asesor Financiero' }] },
    });
    renderPage();
    await screen.findByText('Mostrando 2 de 2 usuarios.');
    await userEvent.click(screen.getByRole('button', { name: 'Agentes de ana' }));
    const list = await screen.findByRole('dialog', { name: 'Agentes de ana' });
    expect(await within(list).findByText('Asesor Legal')).toBeInTheDocument();
    expect(within(list).getByText('Creados por el usuario')).toBeInTheDocument();
    expect(within(list).getByText('En su equipo')).toBeInTheDocument();
    expect(within(list).getByText('Asesor Financiero')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Cerrar/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The modal reports its close once its 300 ms exit animation has run.
    await new Promise((resolve) => setTimeout(resolve, 400));

    await userEvent.click(screen.getByRole('button', { name: 'Agentes de luis' }));
    expect(await within(await screen.findByRole('dialog')).findByText('Este usuario no tiene agentes.')).toBeInTheDocument();
  });

  it('says when no user matches', async () => {
    serverWith([]);
    renderPage();
    expect(await screen.findByText('No se encontraron usuarios.')).toBeInTheDocument();
  });

  // Issue 31, item 9: at 1280 px the actions were cut ('Desh', 'Quit'), at 390 px the status filter.
  describe('at 1280 and 390 px', () => {
    afterEach(() => setMatchMedia(() => false));

    /** The admin area's content beside its 18rem sidebar, less the page's padding, at 1280 px. */
    const CONTENT_AT_1280 = 1280 - 18 * 16 - 2 * 32;

    it('at 1280 px: the table fits beside the sidebar, the actions one above another, none cut', async () => {
      setViewportWidth(1280);
      serverWith([ANA, JEFA]);
      renderPage();
      await screen.findByText('Mostrando 2 de 2 usuarios.');
      expect(USERS_TABLE_MIN_WIDTH).toBeLessThanOrEqual(CONTENT_AT_1280);
      const filter = screen.getByRole('radiogroup', { name: 'Estado' });
      expect(filter).toHaveAttribute('data-orientation', 'horizontal');
      const actions = within(rowOf('ana')).getAllByRole('button');
      expect(actions.map((button) => button.textContent)).toEqual(['Deshabilitar', 'Hacer administrador', 'Agentes']);
      for (const button of actions) {
        // A button never narrower than its label, and the label never clipped.
        expect(button).toHaveStyle({ flexShrink: '0', minWidth: 'max-content' });
        expect(button.querySelector('.mantine-Button-label')).toHaveStyle({ overflow: 'visible' });
      }
      // Stacked: the column is as wide as its widest button, not the three side by side.
      const stack = actions[0].parentElement!;
      expect(stack).toHaveClass('mantine-Stack-root');
      expect(stack.parentElement).toHaveStyle({ whiteSpace: 'nowrap' });
    });

    it('at 390 px: the status filter stacks its four states over the whole width', async () => {
      setViewportWidth(390);
      const api = serverWith([ANA]);
      renderPage();
      await screen.findByText('Mostrando 1 de 1 usuario.');
      const filter = screen.getByRole('radiogroup', { name: 'Estado' });
      expect(filter).toHaveAttribute('data-orientation', 'vertical');
      expect(filter).toHaveAttribute('data-full-width', 'true');
      expect(within(filter).getAllByRole('radio')).toHaveLength(4);
      await userEvent.click(within(filter).getByRole('radio', { name: 'Sin confirmar' }));
      await waitFor(() => expect(api.calls.at(-1)!.url.searchParams.get('status')).toBe('unconfirmed'));
      // The table scrolls sideways inside its own region rather than the page.
      expect(screen.getByRole('region', { name: 'Usuarios' })).toHaveAttribute('tabindex', '0');
    });
  });
});
