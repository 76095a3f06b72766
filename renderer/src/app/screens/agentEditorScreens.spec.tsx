import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { mockApi } from '../../../test/api-mock';
import { agentFixture } from '../../../test/fixtures';
import { loadedRuntimeConfig } from '../../../test/render';
import { authStateAtom } from '../../features/auth/state/authState';
import { createQueryClient } from '../../shared/api';
import { runtimeConfigAtom } from '../../shared/config';
import { ToastViewport } from '../../shared/ui';
import { EditAdvancedAgentScreen } from './agentEditorScreens';


jest.setTimeout(30_000);

const AGENT = agentFixture({ id: 'agente-1', name: 'Asesor de Hipotecas', creatorId: 'sub-ana', createdBy: 'ana', isPublic: false });
const VERSIONS = '/fine-tuning/agent-prompts/agente-1/versions';

const version = (number: number, prompt: string, isCurrentVersion: boolean) => ({
  agentId: 'agente-1',
  version: number,
  prompt,
  name: `Versión ${number}`,
  description: '',
  isCurrentVersion,
  createdBy: 'ana',
  createdAt: '2026-11-20T10:00:00.000Z',
});

function renderEditor() {
  const store = createStore();
  store.set(runtimeConfigAtom, loadedRuntimeConfig);
  store.set(authStateAtom, { isAuthenticated: true, isLoading: false, user: { userId: 'sub-ana', username: 'ana', email: 'ana@example.com', role: 'user' } });
  const router = createMemoryRouter([{ path: '/edit-advanced-agent/:agentId', element: <EditAdvancedAgentScreen /> }], {
    initialEntries: ['/edit-advanced-agent/agente-1'],
  });
  render(
    <MantineProvider defaultColorScheme="dark" env="test">
      <QueryClientProvider client={createQueryClient()}>
        <JotaiProvider store={store}>
          <RouterProvider router={router} />
          <ToastViewport />
        </JotaiProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe("the advanced agent editor screen: 'Establecer como actual' and 'Configuración' (issue 31, item 8)", () => {
  /** A server with versions 2 (current) and 1 of the agent's prompt; set-current on 1 switches them. */
  function serverWithTwoVersions() {
    let current = 2;
    const prompts: Record<number, string> = { 1: 'Eres un asesor.', 2: 'Eres un asesor de hipotecas.' };
    return mockApi()
      .on('GET', '/models', { body: { models: [], unavailable: [] } })
      .on('GET', '/agents/agente-1', { body: AGENT })
      .on('GET', '/agent-prompts/agente-1', () => ({ body: version(current, prompts[current]!, true) }))
      .on('GET', VERSIONS, () => ({ body: [version(2, prompts[2]!, current === 2), version(1, prompts[1]!, current === 1)] }))
      .on('POST', `${VERSIONS}/1/set-current`, () => {
        current = 1;
        return { status: 201, body: version(1, prompts[1]!, true) };
      });
  }

  async function makeVersionOneCurrent() {
    await userEvent.click(screen.getByRole('tab', { name: 'Versiones del prompt' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Establecer la versión 1 como actual' }));
    const table = await screen.findByRole('table', { name: 'Versiones del prompt' });
    await within(table).findByRole('button', { name: 'Establecer la versión 2 como actual' });
    await userEvent.click(screen.getByRole('tab', { name: 'Configuración' }));
  }

  it('shows the version made current in Configuración at once, without a reload', async () => {
    serverWithTwoVersions();
    renderEditor();
    expect(await screen.findByRole('textbox', { name: /^Prompt del sistema/ })).toHaveValue('Eres un asesor de hipotecas.');
    await makeVersionOneCurrent();
    expect(await screen.findByRole('textbox', { name: /^Prompt del sistema/ })).toHaveValue('Eres un asesor.');
    expect(screen.queryByText(/La versión actual del prompt ha cambiado/)).not.toBeInTheDocument();
  });

  it('keeps an unsaved prompt, says the current version changed and offers to take it', async () => {
    serverWithTwoVersions();
    renderEditor();
    fireEvent.change(await screen.findByRole('textbox', { name: /^Prompt del sistema/ }), { target: { value: 'Mi borrador sin guardar.' } });
    await makeVersionOneCurrent();
    expect(await screen.findByRole('textbox', { name: /^Prompt del sistema/ })).toHaveValue('Mi borrador sin guardar.');
    const notice = screen.getAllByRole('status').find((element) => element.textContent?.includes('La versión actual del prompt ha cambiado'))!;
    expect(notice).toHaveTextContent('La versión actual del prompt ha cambiado. Aquí sigue tu texto sin guardar.');
    await userEvent.click(within(notice).getByRole('button', { name: 'Usar la versión actual' }));
    expect(screen.getByRole('textbox', { name: /^Prompt del sistema/ })).toHaveValue('Eres un asesor.');
    expect(screen.queryByText(/La versión actual del prompt ha cambiado/)).not.toBeInTheDocument();
  });
});
