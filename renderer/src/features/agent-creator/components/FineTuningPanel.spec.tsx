import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { createStore } from 'jotai';
import { loadedRuntimeConfig, renderWithProviders } from '../../../../test/render';
import { createQueryClient } from '../../../shared/api';
import { runtimeConfigAtom } from '../../../shared/config';
import { ToastViewport } from '../../../shared/ui';
import { FineTuningPanel } from './FineTuningPanel';

const SESSION = { sessionId: 's-1', conversationId: 's-1', agentId: 'mio', status: 'open', modelId: null, currentPrompt: 'Eres un asesor.', messages: [] };
const REVISED = 'Eres un asesor. Responde en tres frases.';

// Typing whole sentences with userEvent takes seconds on a busy machine.
jest.setTimeout(30_000);

let api: ApiMock;
beforeEach(() => {
  api = mockApi();
  api.on('POST', '/fine-tuning/sessions', { status: 201, body: SESSION });
  api.on('POST', '/fine-tuning/sessions/s-1/messages', {
    body: { sessionId: 's-1', userMessageId: 'u', messageId: 'a', reply: 'Lo haré más breve.', proposedPrompt: REVISED },
  });
  api.on('POST', '/fine-tuning/sessions/s-1/close', { body: { success: true, message: 'Sesión de ajuste cerrada.' } });
});

describe('FineTuningPanel', () => {
  it('opens a session, shows the proposed prompt and applies it as a named version', async () => {
    api.on('POST', '/fine-tuning/sessions/s-1/apply', { body: { success: true, message: 'Prompt actualizado' } });
    const onApplied = jest.fn();
    renderWithProviders(<FineTuningPanel agentId="mio" onApplied={onApplied} />);
    await userEvent.click(screen.getByRole('button', { name: 'Empezar el ajuste' }));
    expect(await screen.findByText('Eres un asesor.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/fine-tuning/sessions')[0]!.body).toEqual({ agentId: 'mio' });

    await userEvent.type(screen.getByRole('textbox', { name: 'Qué quieres cambiar' }), 'Más breve{Enter}');
    expect(await screen.findByText('Lo haré más breve.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Prompt propuesto' })).toHaveValue(REVISED);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Nombre de la versión' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre de la versión' }), 'Breve');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar como versión actual' }));
    await waitFor(() => expect(onApplied).toHaveBeenCalled());
    expect(api.callsTo('POST', '/fine-tuning/sessions/s-1/apply')[0]!.body).toEqual({ newPrompt: REVISED, versionName: 'Breve' });
  });

  it("an applied prompt marks the agent's prompt (current and versions) as changed", async () => {
    api.on('POST', '/fine-tuning/sessions/s-1/apply', { body: { success: true, message: 'Prompt actualizado' } });
    const queryClient = createQueryClient();
    const views = [['prompts', 'mio', 'current'], ['prompts', 'mio', 'versions']];
    for (const key of views) queryClient.setQueryData(key, []);
    renderWithProviders(<FineTuningPanel agentId="mio" />, { queryClient });
    await userEvent.click(screen.getByRole('button', { name: 'Empezar el ajuste' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Qué quieres cambiar' }), 'Más breve{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Aplicar como versión actual' }));
    await waitFor(() => expect(queryClient.getQueryState(views[0]!)?.isInvalidated).toBe(true));
    for (const key of views) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('closes the session when the editor is left', async () => {
    const { unmount } = renderWithProviders(<FineTuningPanel agentId="mio" />);
    await userEvent.click(screen.getByRole('button', { name: 'Empezar el ajuste' }));
    await screen.findByRole('button', { name: 'Terminar el ajuste' });
    unmount();
    await waitFor(() => expect(api.callsTo('POST', '/fine-tuning/sessions/s-1/close')).toHaveLength(1));
  });

  it("bounds the proposal and its version's name and description by the server's limits (GET /api/config)", async () => {
    const store = createStore();
    const limits = loadedRuntimeConfig.limits!;
    const prompt = { ...limits.prompt, prompt: { min: 1, max: 2000 }, versionName: { min: 0, max: 80 }, versionDescription: { min: 0, max: 300 } };
    store.set(runtimeConfigAtom, { ...loadedRuntimeConfig, limits: { ...limits, prompt } });
    renderWithProviders(<FineTuningPanel agentId="mio" />, { store });
    await userEvent.click(screen.getByRole('button', { name: 'Empezar el ajuste' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Qué quieres cambiar' }), 'Más breve{Enter}');
    expect(await screen.findByRole('textbox', { name: 'Prompt propuesto' })).toHaveAttribute('maxLength', '2000');
    expect(screen.getByRole('textbox', { name: 'Nombre de la versión' })).toHaveAttribute('maxLength', '80');
    expect(screen.getByRole('textbox', { name: 'Descripción de la versión' })).toHaveAttribute('maxLength', '300');
  });

  it('shows the message of a failed apply (success false)', async () => {
    api.on('POST', '/fine-tuning/sessions/s-1/apply', {
      status: 409,
      body: { success: false, message: 'La sesión de ajuste está cerrada: abre otra para seguir ajustando el agente.' },
    });
    renderWithProviders(<FineTuningPanel agentId="mio" />);
    await userEvent.click(screen.getByRole('button', { name: 'Empezar el ajuste' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Qué quieres cambiar' }), 'Más breve{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Aplicar como versión actual' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La sesión de ajuste está cerrada');
  });

  it('a message whose reply failed stays in the thread; ‘Reintentar’ sends it again under the same id', async () => {
    api.on('POST', '/fine-tuning/sessions/s-1/messages', {
      status: 502,
      body: { statusCode: 502, message: 'El proveedor del modelo ha devuelto un error (HTTP 500). Tu mensaje se ha guardado: puedes reenviarlo.' },
    });
    renderWithProviders(<FineTuningPanel agentId="mio" />);
    await userEvent.click(screen.getByRole('button', { name: 'Empezar el ajuste' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Qué quieres cambiar' }), 'Más breve{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Tu mensaje se ha guardado');
    expect(screen.getByText('Más breve')).toBeInTheDocument();

    api.on('POST', '/fine-tuning/sessions/s-1/messages', {
      body: { sessionId: 's-1', userMessageId: 'u', messageId: 'a', reply: 'Lo haré más breve.', proposedPrompt: null },
    });
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Lo haré más breve.')).toBeInTheDocument();
    const [first, retry] = api.callsTo('POST', '/fine-tuning/sessions/s-1/messages');
    expect(retry!.body).toEqual({ message: 'Más breve', messageId: (first!.body as { messageId: string }).messageId });
    expect(screen.getAllByText('Más breve')).toHaveLength(1);
  });

  it('closes the session when asked, in words that do not read like signing out', async () => {
    renderWithProviders(
      <>
        <FineTuningPanel agentId="mio" />
        <ToastViewport />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Empezar el ajuste' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Terminar el ajuste' }));
    await waitFor(() => expect(api.callsTo('POST', '/fine-tuning/sessions/s-1/close')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Empezar el ajuste' })).toBeInTheDocument();
    expect(await screen.findByText('Ajuste terminado. La conversación queda guardada.')).toBeInTheDocument();
    expect(screen.queryByText(/sesión/i)).not.toBeInTheDocument();
  });
});
