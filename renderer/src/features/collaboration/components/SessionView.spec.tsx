import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { fakeSseStream, type FakeSseStream } from '../../../../test/sse';
import type { CollaborationSession } from '../api/collaborationQueries';
import { SessionView } from './SessionView';

jest.setTimeout(20_000);

const legal = { id: 'legal', name: 'Asesor Legal', category: 'legal', rating: 4.8, description: '', avatar: null, popularity: 0, priority: null };

const session = (status: CollaborationSession['status'], finalResponse: string | null = null): CollaborationSession => ({
  id: 's1',
  agents: [legal],
  coordinator: legal,
  status,
  query: '¿Cómo monto una SL?',
  topic: null,
  responses: {},
  usage: {},
  finalResponse,
  sources: [],
  startTime: '2026-11-24T10:00:00.000Z',
  endTime: null,
  error: null,
  conversationId: null,
  flowId: null,
  replayOf: null,
  deliberationLog: [],
  taskAssignments: [],
});

let api: ApiMock;
let streams: FakeSseStream[];

beforeEach(() => {
  streams = [];
  api = mockApi().on('GET', '/collaboration/sessions/s1/events', {
    response: (signal) => {
      const stream = fakeSseStream(signal);
      streams.push(stream);
      return stream.response;
    },
  });
});

describe('A session followed live (SessionView)', () => {
  it("that cannot be read says why, with 'Reintentar', which reads it", async () => {
    api.on('GET', '/collaboration/sessions/s1', { status: 500, body: { message: 'Error interno del servidor' } });
    renderWithProviders(<SessionView sessionId="s1" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar la sesión de colaboración');
    expect(alert).toHaveTextContent('Error interno del servidor');

    api.on('GET', '/collaboration/sessions/s1', { body: session('completed', 'La respuesta del equipo') });
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Respuesta del equipo' })).toHaveTextContent('La respuesta del equipo');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("whose stream broke and whose next read failed says so, with 'Reintentar' (it was only kept quiet)", async () => {
    api.on('GET', '/collaboration/sessions/s1', { body: session('processing') });
    renderWithProviders(<SessionView sessionId="s1" />);
    expect(await screen.findByText('Coordina: Asesor Legal')).toBeInTheDocument();
    await act(async () => {
      while (streams.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    });

    // The stream is cut and the session cannot be read: the last state stays, and the failure shows.
    api.on('GET', '/collaboration/sessions/s1', { status: 503, body: { message: 'Servicio no disponible' } });
    act(() => streams[0]!.end());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar la sesión de colaboración');
    expect(alert).toHaveTextContent('Servicio no disponible');
    expect(screen.getByText('Coordina: Asesor Legal')).toBeInTheDocument();

    api.on('GET', '/collaboration/sessions/s1', { body: session('completed', 'Constituye la SL ante notario.') });
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Respuesta del equipo' })).toHaveTextContent('Constituye la SL ante notario.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("that ended shows the tools an agent called under its part, each folded as the chat folds them, with a refused call's note", async () => {
    const calls = [
      { id: 'c1', tool: 'consultar_registro', sourceName: 'Registro Mercantil', arguments: { denominacion: 'Nova SL' }, status: 'done' as const, ok: true, output: 'Denominación libre' },
      {
        id: 'c2',
        tool: 'reservar_denominacion',
        sourceName: 'Registro Mercantil',
        arguments: { denominacion: 'Nova SL' },
        status: 'done' as const,
        ok: false,
        output: 'No se ha permitido usar esta herramienta.',
        note: 'Esta herramienta necesita confirmación y aquí no se ha permitido.',
      },
    ];
    api.on('GET', '/collaboration/sessions/s1', {
      body: {
        ...session('completed', 'La respuesta del equipo'),
        responses: {
          legal: { agentId: 'legal', agentName: 'Asesor Legal', task: 'Mira el registro', status: 'completed', content: 'La denominación está libre.', error: null, startedAt: '', endedAt: '', usage: null, toolCalls: calls },
        },
      },
    });
    renderWithProviders(<SessionView sessionId="s1" />);

    const part = await screen.findByRole('article', { name: 'Aportación de Asesor Legal' });
    const list = within(part).getByRole('list', { name: 'Herramientas usadas' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('summary')?.textContent)).toEqual(['Herramienta: consultar_registro', 'Herramienta: reservar_denominacion']);
    const first = items[0].querySelector('details')!;
    expect(first).not.toHaveAttribute('open');
    await userEvent.click(within(items[0]).getByText('Herramienta: consultar_registro'));
    expect(first).toHaveAttribute('open');
    expect(first).toHaveTextContent('Argumentos');
    expect(first).toHaveTextContent('"denominacion": "Nova SL"');
    expect(first).toHaveTextContent('ResultadoDenominación libre');
    expect(within(items[1]).getByRole('note')).toHaveTextContent('Esta herramienta necesita confirmación y aquí no se ha permitido.');
    expect(within(part).getByText('La denominación está libre.')).toBeInTheDocument();
  });

  it('whose stream closed early is read again every 3 s until it ends', async () => {
    api.on('GET', '/collaboration/sessions/s1', { body: session('processing') });
    renderWithProviders(<SessionView sessionId="s1" />);
    expect(await screen.findByText('Coordina: Asesor Legal')).toBeInTheDocument();
    await act(async () => {
      while (streams.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    });
    act(() => streams[0]!.end());
    // Read at once when the stream closes, then every 3 s while it runs.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(api.callsTo('GET', '/collaboration/sessions/s1')).toHaveLength(2);
    api.on('GET', '/collaboration/sessions/s1', { body: session('completed', 'Ya está.') });
    expect(await screen.findByRole('article', { name: 'Respuesta del equipo' }, { timeout: 5_000 })).toHaveTextContent('Ya está.');
    expect(api.callsTo('GET', '/collaboration/sessions/s1')).toHaveLength(3);
    expect(streams).toHaveLength(1);
  });
});
