import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { createStore } from 'jotai';
import { loadedRuntimeConfig, renderWithProviders } from '../../../../test/render';
import { defaultRuntimeConfig, runtimeConfigAtom, type RuntimeConfig } from '../../../shared/config';
import type { PromptVersion, TestCase, TestRun } from '../api/promptsQueries';
import { PromptTestCasesPanel } from './PromptTestCasesPanel';

const AGENT = 'agente-fiscal';
const CASES_PATH = `/agent-prompts/${AGENT}/test-cases`;

// Typing into several fields takes a while on a busy machine.
jest.setTimeout(20_000);

const versions: PromptVersion[] = [2, 1].map((number) => ({
  agentId: AGENT,
  version: number,
  prompt: `Prompt ${number}`,
  name: `Versión ${number}`,
  description: '',
  isCurrentVersion: number === 1,
  createdBy: 'ana@example.com',
  createdAt: '2026-11-20T10:00:00.000Z',
}));

const breadCase: TestCase = {
  id: 'c1',
  agentId: AGENT,
  question: '¿Qué IVA tiene el pan?',
  expectation: { kind: 'contains', value: '4 %' },
  createdAt: '2026-11-20T10:00:00.000Z',
};

function server(cases: TestCase[]) {
  let stored = [...cases];
  const api = mockApi()
    .on('GET', `/fine-tuning/agent-prompts/${AGENT}/versions`, { body: versions })
    .on('GET', CASES_PATH, () => ({ body: stored }))
    .on('POST', CASES_PATH, (call) => {
      const created = { id: `c${stored.length + 1}`, agentId: AGENT, createdAt: '2026-11-21T10:00:00.000Z', ...(call.body as object) } as TestCase;
      stored = [...stored, created];
      return { status: 201, body: created };
    })
    .on('PUT', `${CASES_PATH}/c1`, (call) => {
      const updated = { ...breadCase, ...(call.body as object) };
      stored = stored.map((item) => (item.id === 'c1' ? updated : item));
      return { body: updated };
    })
    .on('DELETE', `${CASES_PATH}/c1`, () => {
      stored = stored.filter((item) => item.id !== 'c1');
      return { body: { success: true, id: 'c1' } };
    });
  return api;
}

describe('PromptTestCasesPanel', () => {
  it('adds a case with an expectation, asking for the expected text first', async () => {
    const api = server([breadCase]);
    renderWithProviders(<PromptTestCasesPanel agentId={AGENT} />);

    const list = await screen.findByRole('list', { name: 'Casos de prueba' });
    expect(within(list).getByText('¿Qué IVA tiene el pan?')).toBeInTheDocument();
    expect(within(list).getByText('Contiene: 4 %')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Nuevo caso de prueba' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Pregunta' }), 'Saluda');
    await userEvent.click(within(form).getByRole('textbox', { name: 'Expectativa' }));
    await userEvent.click(screen.getByRole('option', { name: 'No debe contener' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Añadir caso' }));
    const expected = within(form).getByRole('textbox', { name: 'Texto o patrón esperado' });
    expect(expected).toBeInvalid();
    expect(expected).toHaveAccessibleDescription('Escribe el texto o el patrón esperado.');
    expect(api.callsTo('POST', CASES_PATH)).toHaveLength(0);
    await userEvent.type(expected, 'adiós');
    await userEvent.click(within(form).getByRole('button', { name: 'Añadir caso' }));

    expect(await within(list).findByText('No contiene: adiós')).toBeInTheDocument();
    expect(api.callsTo('POST', CASES_PATH)[0].body).toEqual({ question: 'Saluda', expectation: { kind: 'not-contains', value: 'adiós' } });
  });

  it('edits a case and deletes it', async () => {
    const api = server([breadCase]);
    renderWithProviders(<PromptTestCasesPanel agentId={AGENT} />);
    const list = await screen.findByRole('list', { name: 'Casos de prueba' });

    await userEvent.click(within(list).getByRole('button', { name: 'Editar el caso 1' }));
    const editForm = screen.getByRole('form', { name: 'Editando el caso 1' });
    const question = within(editForm).getByRole('textbox', { name: 'Pregunta' });
    await userEvent.clear(question);
    await userEvent.type(question, '¿Y el de la leche?');
    await userEvent.click(within(editForm).getByRole('button', { name: 'Guardar caso' }));
    expect(await within(list).findByText('¿Y el de la leche?')).toBeInTheDocument();
    expect(api.callsTo('PUT', `${CASES_PATH}/c1`)[0].body).toEqual({ question: '¿Y el de la leche?', expectation: { kind: 'contains', value: '4 %' } });

    await userEvent.click(within(list).getByRole('button', { name: 'Eliminar el caso 1' }));
    await waitFor(() => expect(screen.queryByText('¿Y el de la leche?')).toBeNull());
    expect(api.callsTo('DELETE', `${CASES_PATH}/c1`)).toHaveLength(1);
  });

  it('runs the cases on a candidate version and shows its answers beside the current ones', async () => {
    const run: TestRun = {
      agentId: AGENT,
      candidateVersion: 2,
      currentVersion: 1,
      total: 1,
      candidatePassed: 0,
      currentPassed: 1,
      ranAt: '2026-11-21T10:00:00.000Z',
      results: [
        {
          testCaseId: 'c1',
          question: breadCase.question,
          expectation: breadCase.expectation,
          candidate: { output: 'Depende.', passed: false },
          current: { output: 'Un 4 %.', passed: true },
        },
      ],
    };
    const api = server([breadCase]).on('POST', `/fine-tuning/agent-prompts/${AGENT}/versions/2/test-run`, { body: run });
    renderWithProviders(<PromptTestCasesPanel agentId={AGENT} />);

    expect(await screen.findByRole('textbox', { name: 'Versión candidata' })).toHaveValue('Versión 2 · Versión 2');
    await userEvent.click(screen.getByRole('button', { name: 'Probar versión' }));

    const results = await screen.findByRole('table', { name: 'Probar versión' });
    expect(within(results).getByRole('columnheader', { name: 'Candidata (versión 2)' })).toBeInTheDocument();
    const row = within(results).getAllByRole('row')[1];
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['No superaDepende.', 'SuperaUn 4 %.']);
    expect(screen.getByText('Versión 2: 0 de 1 caso superado · Actual (versión 1): 1 de 1')).toBeInTheDocument();
    expect(api.callsTo('POST', `/fine-tuning/agent-prompts/${AGENT}/versions/2/test-run`)).toHaveLength(1);
  });

  it('explains that a run needs test cases', async () => {
    server([]);
    renderWithProviders(<PromptTestCasesPanel agentId={AGENT} />);
    expect(await screen.findByText('Añade al menos un caso de prueba para probar una versión.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Probar versión' })).toBeNull();
  });

  describe("the server's limits (GET /api/config)", () => {
    /** The panel with this configuration instead of the server's. */
    function renderWith(config: RuntimeConfig) {
      const store = createStore();
      store.set(runtimeConfigAtom, config);
      return renderWithProviders(<PromptTestCasesPanel agentId={AGENT} />, { store });
    }
    const withPromptLimits = (prompt: Partial<NonNullable<RuntimeConfig['limits']>['prompt']>): RuntimeConfig => {
      const limits = loadedRuntimeConfig.limits!;
      return { ...loadedRuntimeConfig, limits: { ...limits, prompt: { ...limits.prompt, ...prompt } } };
    };

    it('offers no new case past the most cases an agent may have, and bounds the texts', async () => {
      server([breadCase]);
      renderWith(withPromptLimits({ testCases: { min: 0, max: 1 }, question: { min: 1, max: 50 } }));
      const list = await screen.findByRole('list', { name: 'Casos de prueba' });
      expect(screen.getByText('Como máximo 1 caso de prueba.')).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Nuevo caso de prueba' })).toBeNull();

      await userEvent.click(within(list).getByRole('button', { name: 'Editar el caso 1' }));
      const editForm = screen.getByRole('form', { name: 'Editando el caso 1' });
      expect(within(editForm).getByRole('textbox', { name: 'Pregunta' })).toHaveAttribute('maxlength', '50');
    });

    it('leaves the number of cases to the server until its configuration has arrived', async () => {
      const api = server([breadCase]);
      api.on('POST', CASES_PATH, { status: 409, body: { statusCode: 409, message: 'Como máximo 1 casos de prueba por agente.' } });
      renderWith({ ...defaultRuntimeConfig });
      const form = await screen.findByRole('form', { name: 'Nuevo caso de prueba' });
      expect(within(form).getByRole('textbox', { name: 'Pregunta' })).not.toHaveAttribute('maxlength');
      await userEvent.type(within(form).getByRole('textbox', { name: 'Pregunta' }), 'Saluda');
      await userEvent.click(within(form).getByRole('button', { name: 'Añadir caso' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('Como máximo 1 casos de prueba por agente.');
      expect(within(form).getByRole('textbox', { name: 'Pregunta' })).toHaveValue('Saluda');
    });
  });
});
