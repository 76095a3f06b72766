import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { Route, Routes, useLocation } from 'react-router-dom';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { createQueryClient } from '../../../shared/api';
import { chatKeys, type Conversation } from '../api/chatQueries';
import { chatOwnerAtom } from '../state/chatAtoms';
import { ConversationsSidebar } from './ConversationsSidebar';

const conversation = (overrides: Partial<Conversation>): Conversation => ({
  id: 'c',
  title: 'Nueva conversación',
  userId: 'sub-ana',
  metadata: {},
  category: 'main',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const LIST = [
  conversation({ id: 'm1', title: 'Plan de ventas', updatedAt: '2026-01-01T10:00:00.000Z' }),
  conversation({ id: 'm2', title: 'Ideas de marketing', updatedAt: '2026-01-02T10:00:00.000Z' }),
  conversation({ id: 'a1', title: 'Chat con Asesor Legal', category: 'agent', updatedAt: '2026-01-03T10:00:00.000Z' }),
];

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** The server's conversations: what GET /conversations answers, changed by PUT and DELETE. */
let server: Conversation[];

function serveConversations(list: Conversation[]) {
  server = list.map((item) => ({ ...item }));
  api.on('GET', '/conversations', () => ({ body: server }));
}

const listed = (queryClient: ReturnType<typeof createQueryClient>) => queryClient.getQueryData<Conversation[]>(chatKeys.list('sub-ana'))!;

function renderSidebar(list: Conversation[] = LIST, route = '/chat') {
  const store = createStore();
  store.set(chatOwnerAtom, { status: 'user', userId: 'sub-ana' });
  serveConversations(list);
  const queryClient = createQueryClient();
  queryClient.setQueryData(chatKeys.list('sub-ana'), list);
  renderWithProviders(
    <>
      <ConversationsSidebar />
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </>,
    { store, route, queryClient },
  );
  return queryClient;
}

const openRowMenu = async (title: string) => {
  await userEvent.click(screen.getByRole('button', { name: `Acciones de ${title}` }));
};

let api: ApiMock;
beforeEach(() => {
  api = mockApi();
});

describe('ConversationsSidebar', () => {
  it('renders nothing for visitors', () => {
    const store = createStore();
    store.set(chatOwnerAtom, { status: 'visitor' });
    renderWithProviders(<ConversationsSidebar />, { store });
    expect(screen.queryByRole('region', { name: 'Conversaciones' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it("groups 'Asistente Principal (n)' and 'Chats con Agentes (n)', newest first", () => {
    renderSidebar();
    const main = screen.getByRole('list', { name: 'Asistente Principal (2)' });
    expect(within(main).getAllByRole('link').map((link) => link.textContent)).toEqual(['Ideas de marketing', 'Plan de ventas']);
    const agents = screen.getByRole('list', { name: 'Chats con Agentes (1)' });
    expect(within(agents).getByRole('link', { name: 'Chat con Asesor Legal' })).toHaveAttribute('href', '/chat/a1');
  });

  it("shows 'No hay conversaciones' with none, and when the search matches none", async () => {
    renderSidebar([]);
    expect(screen.getByText('No hay conversaciones')).toBeInTheDocument();
  });

  it('searches case-insensitively on the title', async () => {
    renderSidebar();
    const search = screen.getByRole('searchbox', { name: 'Buscar conversaciones...' });
    await userEvent.type(search, 'MARKET');
    expect(screen.getByRole('list', { name: 'Asistente Principal (1)' })).toHaveTextContent('Ideas de marketing');
    expect(screen.queryByRole('list', { name: /Chats con Agentes/ })).not.toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'hipoteca');
    expect(screen.getByText('No hay conversaciones')).toBeInTheDocument();
  });

  it("offers 'Chat con {product}' and 'Crear Agente Avanzado' in the new-action menu", async () => {
    renderSidebar(LIST, '/chat/m1');
    await userEvent.click(screen.getByRole('button', { name: 'Nueva conversación o agente' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Crear Agente Avanzado' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/agent-creator');
    await userEvent.click(screen.getByRole('button', { name: 'Nueva conversación o agente' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Chat con Nova' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/chat$/);
  });

  it("leads to the form creator and to team chat from the new-action menu (issue 31: they had no way in)", async () => {
    renderSidebar(LIST, '/chat/m1');
    await userEvent.click(screen.getByRole('button', { name: 'Nueva conversación o agente' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Crear agente con formulario' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/create-advanced-agent');
    await userEvent.click(screen.getByRole('button', { name: 'Nueva conversación o agente' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Chat de equipo' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/start-team-chat');
  });

  it('renames with Enter, saving the trimmed title', async () => {
    const queryClient = renderSidebar();
    api.on('PUT', '/conversations/m1', (call) => {
      const updated = { ...server[0]!, title: (call.body as { title: string }).title, updatedAt: '2026-01-05T00:00:00.000Z' };
      server = server.map((item) => (item.id === 'm1' ? updated : item));
      return { body: updated };
    });
    await openRowMenu('Plan de ventas');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Renombrar' }));
    const box = screen.getByRole('textbox', { name: 'Nuevo título' });
    await userEvent.clear(box);
    await userEvent.type(box, '  Plan 2026  {Enter}');

    await waitFor(() => expect(screen.getByRole('link', { name: 'Plan 2026' })).toBeInTheDocument());
    expect(api.callsTo('PUT', '/conversations/m1')[0]!.body).toEqual({ title: 'Plan 2026' });
    expect(listed(queryClient).find((c) => c.id === 'm1')!.title).toBe('Plan 2026');
  });

  it('reverts on Escape and on the cancel button, saving nothing', async () => {
    renderSidebar();
    await openRowMenu('Plan de ventas');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Renombrar' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Nuevo título' }), ' cambiado{Escape}');
    expect(screen.getByRole('link', { name: 'Plan de ventas' })).toBeInTheDocument();

    await openRowMenu('Plan de ventas');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Renombrar' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Nuevo título' }), ' otro');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('link', { name: 'Plan de ventas' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/conversations/m1')).toHaveLength(0);
  });

  it('does not save a blank trimmed title', async () => {
    renderSidebar();
    await openRowMenu('Plan de ventas');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Renombrar' }));
    const box = screen.getByRole('textbox', { name: 'Nuevo título' });
    await userEvent.clear(box);
    await userEvent.type(box, '   {Enter}');
    expect(screen.getByRole('link', { name: 'Plan de ventas' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/conversations/m1')).toHaveLength(0);
  });

  it("keeps the row renaming and tells why when the server refuses", async () => {
    api.on('PUT', '/conversations/m1', { status: 400, body: { message: 'El título no puede estar vacío' } });
    renderSidebar();
    await openRowMenu('Plan de ventas');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Renombrar' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Nuevo título' }), 'x{Enter}');
    await waitFor(() => expect(api.callsTo('PUT', '/conversations/m1')).toHaveLength(1));
    expect(screen.getByRole('textbox', { name: 'Nuevo título' })).toBeInTheDocument();
  });

  it("deletes only after '¿Eliminar?' is confirmed, and leaves the open conversation", async () => {
    const queryClient = renderSidebar(LIST, '/chat/m1');
    api.on('DELETE', '/conversations/m1', () => {
      server = server.filter((item) => item.id !== 'm1');
      return { status: 204 };
    });
    await openRowMenu('Plan de ventas');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Eliminar' }));
    let dialog = await screen.findByRole('dialog', { name: '¿Eliminar?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The modal reports closing once its 300 ms exit animation has run.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(api.callsTo('DELETE', '/conversations/m1')).toHaveLength(0);

    await openRowMenu('Plan de ventas');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Eliminar' }));
    dialog = await screen.findByRole('dialog', { name: '¿Eliminar?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    await waitFor(() => expect(api.callsTo('DELETE', '/conversations/m1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Plan de ventas' })).not.toBeInTheDocument());
    expect(listed(queryClient).map((c) => c.id)).toEqual(['m2', 'a1']);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/chat$/));
  });

  it("says when the list could not be loaded, and 'Reintentar' loads it again", async () => {
    api.on('GET', '/conversations', { status: 500, body: { message: 'Error interno' } });
    const store = createStore();
    store.set(chatOwnerAtom, { status: 'user', userId: 'sub-ana' });
    renderWithProviders(<ConversationsSidebar />, { store });
    expect(await screen.findByText('No se pudieron cargar las conversaciones')).toBeInTheDocument();

    serveConversations(LIST);
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'Plan de ventas' })).toBeInTheDocument();
    expect(screen.queryByText('No se pudieron cargar las conversaciones')).not.toBeInTheDocument();
  });
});
