import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { createStore } from 'jotai';
import { loadedRuntimeConfig, renderWithProviders } from '../../../../test/render';
import { defaultRuntimeConfig, runtimeConfigAtom, type RuntimeConfig } from '../../../shared/config';
import type { PromptVersion } from '../api/promptsQueries';
import { PromptVersionsPanel } from './PromptVersionsPanel';

const AGENT = 'agente-fiscal';
const VERSIONS_PATH = `/fine-tuning/agent-prompts/${AGENT}/versions`;

// Typing and picking options take a while on a busy machine.
jest.setTimeout(20_000);

const version = (number: number, prompt: string, extra: Partial<PromptVersion> = {}): PromptVersion => ({
  agentId: AGENT,
  version: number,
  prompt,
  name: `Versión ${number}`,
  description: '',
  isCurrentVersion: false,
  createdBy: 'ana@example.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const threeVersions = () => [
  version(3, 'Eres un asesor fiscal.\nResponde en tres frases.', { name: 'Breve', description: 'Más corto', isCurrentVersion: true }),
  version(2, 'Eres un asesor fiscal.\nResponde con detalle.'),
  version(1, 'Eres un asesor.'),
];

function serverWith(versions: PromptVersion[]): ApiMock {
  return mockApi().on('GET', VERSIONS_PATH, () => ({ body: versions }));
}

describe('PromptVersionsPanel', () => {
  it('lists the versions with the current one marked and shows the newest two side by side', async () => {
    serverWith(threeVersions());
    renderWithProviders(<PromptVersionsPanel agentId={AGENT} />);

    const table = await screen.findByRole('table', { name: 'Versiones del prompt' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual(['Breve', 'Versión 2', 'Versión 1']);
    expect(within(rows[0]).getByText('Actual')).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(within(rows[1]).getByRole('button', { name: 'Establecer la versión 2 como actual' })).toBeInTheDocument();

    const diff = screen.getByRole('table', { name: 'Diferencias entre la versión 2 y la versión 3' });
    const changed = within(diff).getAllByRole('row')[2];
    expect(within(changed).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '−Quitado: Responde con detalle.',
      '+Añadido: Responde en tres frases.',
    ]);
  });

  it('compares any two versions the user picks', async () => {
    serverWith(threeVersions());
    renderWithProviders(<PromptVersionsPanel agentId={AGENT} />);

    await userEvent.click(await screen.findByRole('textbox', { name: 'Versión de la izquierda' }));
    await userEvent.click(screen.getByRole('option', { name: 'Versión 1 · Versión 1' }));

    const diff = screen.getByRole('table', { name: 'Diferencias entre la versión 1 y la versión 3' });
    expect(within(diff).getByText('Eres un asesor.')).toBeInTheDocument();
  });

  it('warns when the candidate passed fewer test cases and sets it current only once confirmed', async () => {
    let versions = threeVersions();
    const api = serverWith([]).on('GET', VERSIONS_PATH, () => ({ body: versions }));
    api.on('POST', `${VERSIONS_PATH}/2/set-current`, (call) => {
      if (call.url.searchParams.get('force') !== 'true') {
        return {
          status: 409,
          body: {
            statusCode: 409,
            code: 'CandidatePassesFewerTests',
            message: 'La versión candidata supera menos casos de prueba que la actual (1 de 3 frente a 3 de 3).',
          },
        };
      }
      versions = versions.map((item) => ({ ...item, isCurrentVersion: item.version === 2 }));
      return { body: versions[1] };
    });
    renderWithProviders(<PromptVersionsPanel agentId={AGENT} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Establecer la versión 2 como actual' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aviso de casos de prueba' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('La versión candidata supera menos casos de prueba que la actual');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Establecer de todos modos' }));

    await waitFor(() => expect(api.callsTo('POST', `${VERSIONS_PATH}/2/set-current`)).toHaveLength(2));
    const rows = within(screen.getByRole('table', { name: 'Versiones del prompt' })).getAllByRole('row');
    await waitFor(() => expect(within(rows[2]).getByText('Actual')).toBeInTheDocument());
  });

  it('deletes a version that is not current after asking', async () => {
    let versions = threeVersions();
    const api = serverWith([]).on('GET', VERSIONS_PATH, () => ({ body: versions }));
    api.on('DELETE', `${VERSIONS_PATH}/1`, () => {
      versions = versions.filter((item) => item.version !== 1);
      return { body: { success: true } };
    });
    renderWithProviders(<PromptVersionsPanel agentId={AGENT} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar la versión 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar versión' });
    expect(dialog).toHaveTextContent('¿Seguro que quieres eliminar la versión 1 («Versión 1»)? Esta acción no se puede deshacer.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Eliminar la versión 1' })).toBeNull());
    expect(api.callsTo('DELETE', `${VERSIONS_PATH}/1`)).toHaveLength(1);
  });

  it('says so, with Reintentar, when the list cannot be loaded again after a change', async () => {
    let versions = threeVersions();
    let failing = false;
    const api = mockApi().on('GET', VERSIONS_PATH, () =>
      failing ? { status: 503, body: { statusCode: 503, message: 'Servicio no disponible' } } : { body: versions },
    );
    api.on('DELETE', `${VERSIONS_PATH}/1`, () => {
      versions = versions.filter((item) => item.version !== 1);
      failing = true;
      return { body: { success: true, agentId: AGENT, version: 1 } };
    });
    renderWithProviders(<PromptVersionsPanel agentId={AGENT} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar la versión 1' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Eliminar versión' })).getByRole('button', { name: 'Eliminar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar las versiones del prompt. Servicio no disponible');

    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Eliminar la versión 1' })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('GET', VERSIONS_PATH)).toHaveLength(3);
  });

  it('improves the prompt with AI beside the original and saves the result as a new version', async () => {
    const api = serverWith(threeVersions())
      .on('POST', '/fine-tuning/enhance-prompt', (call) => ({
        body: { originalPrompt: (call.body as { prompt: string }).prompt, enhancedPrompt: 'Eres un asesor fiscal experto.\nResponde en tres frases.' },
      }))
      .on('POST', '/agent-prompts', { status: 201, body: version(4, 'x', { isCurrentVersion: true }) });
    renderWithProviders(<PromptVersionsPanel agentId={AGENT} />);

    const editor = await screen.findByRole('textbox', { name: 'Prompt del sistema' });
    expect(editor).toHaveValue('Eres un asesor fiscal.\nResponde en tres frases.');
    await userEvent.click(screen.getByRole('button', { name: 'Mejorar con IA' }));

    const proposal = await screen.findByRole('table', { name: 'Propuesta de la IA' });
    expect(within(proposal).getByRole('columnheader', { name: 'Prompt actual' })).toBeInTheDocument();
    expect(within(proposal).getByText('Eres un asesor fiscal experto.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Usar la versión mejorada' }));
    expect(editor).toHaveValue('Eres un asesor fiscal experto.\nResponde en tres frases.');

    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre de la versión' }), 'Mejorada con IA');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar como nueva versión' }));
    await waitFor(() => expect(api.callsTo('POST', '/agent-prompts')).toHaveLength(1));
    expect(api.callsTo('POST', '/agent-prompts')[0].body).toEqual({
      agentId: AGENT,
      prompt: 'Eres un asesor fiscal experto.\nResponde en tres frases.',
      versionName: 'Mejorada con IA',
    });
  });

  it('does not ask the model to improve an empty prompt', async () => {
    const api = serverWith([]);
    renderWithProviders(<PromptVersionsPanel agentId={AGENT} />);

    expect(await screen.findByText('Este agente todavía no tiene prompt. Escribe la primera versión abajo.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mejorar con IA' }));
    expect(screen.getByRole('alert')).toHaveTextContent('El prompt no puede estar vacío para ser mejorado.');
    expect(api.callsTo('POST', '/fine-tuning/enhance-prompt')).toHaveLength(0);
  });

  it("shows the server's refusal when the agent is not the caller's", async () => {
    mockApi().on('GET', VERSIONS_PATH, {
      status: 403,
      body: { statusCode: 403, message: 'Solo el creador del agente o un administrador puede ver o cambiar su prompt.' },
    });
    renderWithProviders(<PromptVersionsPanel agentId={AGENT} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Solo el creador del agente o un administrador puede ver o cambiar su prompt.');
  });

  it('does not save a prompt that is empty or the same as the current one', async () => {
    const api = serverWith(threeVersions());
    renderWithProviders(<PromptVersionsPanel agentId={AGENT} />);
    const editor = await screen.findByRole('textbox', { name: 'Prompt del sistema' });

    await userEvent.click(screen.getByRole('button', { name: 'Guardar como nueva versión' }));
    expect(editor).toHaveAccessibleDescription('El prompt es igual que el de la versión actual.');
    await userEvent.clear(editor);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar como nueva versión' }));
    expect(editor).toHaveAccessibleDescription('Escribe el prompt antes de guardarlo.');
    expect(api.callsTo('POST', '/agent-prompts')).toHaveLength(0);
  });

  describe("the server's limits (GET /api/config)", () => {
    function renderWith(config: RuntimeConfig) {
      const store = createStore();
      store.set(runtimeConfigAtom, config);
      return renderWithProviders(<PromptVersionsPanel agentId={AGENT} />, { store });
    }

    it('bounds the version name, the description and the prompt by them', async () => {
      const limits = loadedRuntimeConfig.limits!;
      const prompt = { ...limits.prompt, prompt: { min: 1, max: 60 }, versionName: { min: 0, max: 30 }, versionDescription: { min: 0, max: 80 } };
      const api = serverWith(threeVersions());
      renderWith({ ...loadedRuntimeConfig, limits: { ...limits, prompt } });

      const editor = await screen.findByRole('textbox', { name: 'Prompt del sistema' });
      expect(screen.getByRole('textbox', { name: 'Nombre de la versión' })).toHaveAttribute('maxlength', '30');
      expect(screen.getByRole('textbox', { name: 'Descripción de la versión' })).toHaveAttribute('maxlength', '80');
      await userEvent.type(editor, ' Cita siempre la ley aplicable.');
      await userEvent.click(screen.getByRole('button', { name: 'Guardar como nueva versión' }));
      expect(editor).toHaveAccessibleDescription('El prompt no puede superar los 60 caracteres.');
      expect(api.callsTo('POST', '/agent-prompts')).toHaveLength(0);
    });

    it('leaves the lengths to the server until its configuration has arrived', async () => {
      const api = serverWith(threeVersions()).on('POST', '/agent-prompts', {
        status: 400,
        body: { statusCode: 400, message: 'versionName no puede superar los 120 caracteres' },
      });
      renderWith({ ...defaultRuntimeConfig });

      const name = await screen.findByRole('textbox', { name: 'Nombre de la versión' });
      expect(name).not.toHaveAttribute('maxlength');
      await userEvent.type(screen.getByRole('textbox', { name: 'Prompt del sistema' }), ' Y breve.');
      await userEvent.click(screen.getByRole('button', { name: 'Guardar como nueva versión' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('versionName no puede superar los 120 caracteres');
      expect(api.callsTo('POST', '/agent-prompts')).toHaveLength(1);
    });
  });
});
