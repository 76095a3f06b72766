import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { fakeSseStream, type FakeSseStream } from '../../../../test/sse';
import type { AgentResponse, CollaborationSession, SessionAgent } from '../api/collaborationQueries';
import { CollaborationChatPage } from './CollaborationChatPage';

jest.setTimeout(30_000);

const team = [
  { id: 'legal', name: 'Asesor Legal', category: 'legal' },
  { id: 'fiscal', name: 'Asesor Fiscal', category: 'finance' },
  { id: 'marketing', name: 'Experto Marketing', category: 'marketing' },
];

const agent = (id: string, name: string, category: string, rating: number): SessionAgent => ({
  id,
  name,
  category,
  rating,
  description: '',
  avatar: null,
  popularity: 0,
  priority: null,
});

const agents = [agent('legal', 'Asesor Legal', 'legal', 4.8), agent('fiscal', 'Asesor Fiscal', 'finance', 4.2)];

const answer = (agentId: string, agentName: string, task: string, content: string): AgentResponse => ({
  agentId,
  agentName,
  task,
  status: 'completed',
  content,
  error: null,
  usage: null,
  startedAt: '2026-11-24T10:00:02.000Z',
  endedAt: '2026-11-24T10:00:08.000Z',
});

const processing = (id = 's1'): CollaborationSession => ({
  id,
  agents,
  coordinator: agents[0]!,
  status: 'processing',
  query: '¿Cómo monto una SL?',
  topic: null,
  responses: {},
  usage: {},
  finalResponse: null,
  sources: [],
  startTime: '2026-11-24T10:00:00.000Z',
  endTime: null,
  error: null,
  conversationId: 'c1',
  flowId: null,
  replayOf: null,
  deliberationLog: [],
  taskAssignments: [],
});

const completed = (id = 's1', final = 'Constituye la SL ante notario y date de alta en Hacienda.'): CollaborationSession => ({
  ...processing(id),
  status: 'completed',
  responses: {
    legal: answer('legal', 'Asesor Legal', 'Pasos jurídicos', 'Escritura ante notario y registro mercantil.'),
    fiscal: answer('fiscal', 'Asesor Fiscal', 'Obligaciones fiscales', 'Alta censal (modelo 036) y el IVA.'),
  },
  usage: { legal: { inputTokens: 300, outputTokens: 120, calls: 2, costCents: 125.5 }, fiscal: { inputTokens: 150, outputTokens: 90, calls: 1 } },
  finalResponse: final,
  endTime: '2026-11-24T10:00:09.000Z',
  taskAssignments: [
    { agentId: 'legal', agentName: 'Asesor Legal', task: 'Pasos jurídicos', priority: 3, step: 1 },
    { agentId: 'fiscal', agentName: 'Asesor Fiscal', task: 'Obligaciones fiscales', priority: 1, step: 1 },
  ],
  deliberationLog: [
    { seq: 1, at: '2026-11-24T10:00:01.000Z', type: 'coordinator', agentId: 'legal', agentName: 'Asesor Legal', message: 'Asesor Legal coordina' },
    { seq: 2, at: '2026-11-24T10:00:09.000Z', type: 'synthesis', agentId: 'legal', agentName: 'Asesor Legal', message: 'Respuesta sintetizada' },
  ],
});

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

let streams: FakeSseStream[];
let api: ApiMock;
let sessions: Record<string, CollaborationSession>;

function server() {
  streams = [];
  sessions = {};
  api = mockApi()
    .on('POST', '/conversations', (call) => ({
      status: 201,
      body: { id: 'c1', title: 'Flujo de Agentes', metadata: (call.body as { metadata: object }).metadata, messages: [] },
    }))
    .on('GET', '/conversations/c1', { body: { id: 'c1', title: 'Flujo de Agentes', metadata: { fromFlow: true }, messages: [] } })
    .on('POST', '/conversations/c1/messages', (call) => ({ status: 201, body: call.body }))
    .on('GET', '/flows', { body: [] })
    .on('POST', '/collaboration/sessions', () => {
      sessions.s1 = processing('s1');
      return { status: 201, body: sessions.s1 };
    })
    .on('GET', '/collaboration/sessions/*', (call) => ({ body: sessions[call.path.split('/')[3]!] }))
    .on('POST', '/collaboration/sessions/s1/cancel', () => {
      sessions.s1 = { ...sessions.s1!, status: 'cancelled', endTime: '2026-11-24T10:00:03.000Z' };
      return { status: 201, body: sessions.s1 };
    });
  api.on('GET', '/collaboration/sessions/s1/events', {
    response: (signal) => {
      const stream = fakeSseStream(signal);
      streams.push(stream);
      return stream.response;
    },
  });
}

function renderFlow(route = '/chat?flow=true') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/chat" element={<CollaborationChatPage agents={team} />} />
        <Route path="/chat/:id" element={<CollaborationChatPage conversationId="c1" agents={team} />} />
      </Routes>
      <LocationProbe />
    </>,
    { route },
  );
}

/** The open stream of the session (the page moved to /chat/{id} and follows it from there). */
async function openStream(): Promise<FakeSseStream> {
  await waitFor(() => expect(streams.filter((stream) => !stream.cancelled)).toHaveLength(1));
  return streams.find((stream) => !stream.cancelled)!;
}

async function pickAndAsk() {
  await userEvent.click(screen.getByRole('checkbox', { name: /Asesor Legal/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: /Asesor Fiscal/ }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Tu pregunta para el equipo' }), '¿Cómo monto una SL?');
  await userEvent.click(screen.getByRole('button', { name: 'Preguntar al equipo' }));
}

describe('Flujo de Agentes (/chat?flow=true)', () => {
  beforeEach(server);

  it('says which agents may collaborate and that none are selected, and sends nothing without one', async () => {
    renderFlow();
    expect(screen.getByRole('heading', { level: 1, name: 'Flujo de Agentes' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Agentes que colaboran' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No agents selected for collaboration');
    expect(alert).toHaveTextContent('Selecciona al menos un agente de tu equipo para que colaboren.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Tu pregunta para el equipo' }), 'Hola');
    await userEvent.click(screen.getByRole('button', { name: 'Preguntar al equipo' }));
    expect(api.callsTo('POST', '/collaboration/sessions')).toHaveLength(0);
    expect(api.callsTo('POST', '/conversations')).toHaveLength(0);
  });

  it('shows the server refusal in Spanish when the session cannot start', async () => {
    api.on('POST', '/collaboration/sessions', { status: 403, body: { message: 'Necesitas una suscripción activa para chatear con este agente' } });
    renderFlow();
    await pickAndAsk();
    expect(await screen.findByText('Necesitas una suscripción activa para chatear con este agente')).toBeInTheDocument();
  });

  it('creates the flow conversation, streams the steps into a live log, and cancels', async () => {
    renderFlow();
    await pickAndAsk();
    await waitFor(() => expect(api.callsTo('POST', '/collaboration/sessions')).toHaveLength(1));
    expect(api.callsTo('POST', '/conversations')[0]!.body).toEqual({ metadata: { fromFlow: true } });
    expect(api.callsTo('POST', '/collaboration/sessions')[0]!.body).toEqual({
      agentIds: ['legal', 'fiscal'],
      query: '¿Cómo monto una SL?',
      conversationId: 'c1',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat/c1'));
    const stream = await openStream();

    const log = screen.getByRole('log', { name: 'Pasos de la colaboración' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByText('Coordina: Asesor Legal')).toBeInTheDocument();
    act(() => {
      stream.send('session', processing('s1'));
      stream.send('step', { seq: 1, at: '2026-11-24T10:00:01.000Z', type: 'assignment', agentId: 'fiscal', agentName: 'Asesor Fiscal', message: 'Obligaciones fiscales' });
      stream.send('step', {
        seq: 2,
        at: '2026-11-24T10:00:02.000Z',
        type: 'agent-response',
        agentId: 'legal',
        agentName: 'Asesor Legal',
        message: 'Asesor Legal ha respondido',
        usage: { inputTokens: 120, outputTokens: 80 },
        costCents: 5,
      });
    });
    await waitFor(() => expect(within(log).getByText('Asesor Legal ha respondido')).toBeInTheDocument());
    expect(within(log).getByText(/Respuesta · Asesor Legal/)).toBeInTheDocument();
    expect(within(log).getByText(/120 tokens de entrada · 80 de salida · 0,05\s€/)).toBeInTheDocument();
    // The steps are items of a list inside the live region (a list that is itself the log leaves them without one: axe).
    expect(within(within(log).getByRole('list')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Asignación · Asesor Fiscal: Obligaciones fiscales',
      'Respuesta · Asesor Legal: Asesor Legal ha respondido (120 tokens de entrada · 80 de salida · 0,05\u00a0€)',
    ]);
    expect(screen.getByText('Trabajando: Asesor Fiscal')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Tareas asignadas' })).toHaveTextContent('Asesor Fiscal: Obligaciones fiscales');

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Has cancelado la colaboración.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/collaboration/sessions/s1/cancel')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
  });

  it('shows the final answer as the assistant message with each agent part attributed', async () => {
    renderFlow();
    await pickAndAsk();
    const stream = await openStream();
    act(() => {
      stream.send('end', completed('s1'));
      stream.end();
    });

    const answer = await screen.findByRole('article', { name: 'Respuesta del equipo' });
    expect(answer).toHaveTextContent('Constituye la SL ante notario y date de alta en Hacienda.');
    const legal = screen.getByRole('article', { name: 'Aportación de Asesor Legal' });
    expect(legal).toHaveTextContent('Asesor Legal (coordinador)');
    expect(legal).toHaveTextContent('Pasos jurídicos');
    expect(legal).toHaveTextContent('Escritura ante notario y registro mercantil.');
    expect(screen.getByRole('article', { name: 'Aportación de Asesor Fiscal' })).toHaveTextContent('Alta censal (modelo 036) y el IVA.');
    expect(screen.getByText('Completada')).toBeInTheDocument();

    expect(legal).toHaveTextContent('300 tokens de entrada · 120 de salida · 1,255 €');
    // The server stores the query and the team's answer in the conversation.
    expect(api.callsTo('POST', '/conversations/c1/messages')).toHaveLength(0);
  });

  it("'Repetir' runs the session again and shows both runs side by side", async () => {
    api.on('POST', '/collaboration/sessions/s1/replay', () => {
      sessions.s2 = completed('s2', 'Segunda versión: SL con capital mínimo de 1 euro.');
      return { status: 201, body: sessions.s2 };
    });
    renderFlow();
    await pickAndAsk();
    const stream = await openStream();
    sessions.s1 = completed('s1');
    act(() => stream.end());
    await userEvent.click(await screen.findByRole('button', { name: 'Repetir' }));

    const comparison = await screen.findByRole('region', { name: 'Comparación de ejecuciones' });
    const original = within(comparison).getByRole('region', { name: 'Ejecución original' });
    const replay = within(comparison).getByRole('region', { name: 'Repetición' });
    expect(original).toHaveTextContent('Constituye la SL ante notario y date de alta en Hacienda.');
    expect(replay).toHaveTextContent('Segunda versión: SL con capital mínimo de 1 euro.');
  });

  it("'Guardar como ecosistema' saves the session's team under a name", async () => {
    api.on('POST', '/collaboration/sessions/s1/save-as-ecosystem', (call) => ({
      status: 201,
      body: { id: 'eco-9', name: (call.body as { name: string }).name },
    }));
    renderFlow();
    await pickAndAsk();
    const stream = await openStream();
    sessions.s1 = completed('s1');
    act(() => stream.end());
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar como ecosistema' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('El nombre no puede estar vacío')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nombre del ecosistema' }), 'Equipo SL');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('POST', '/collaboration/sessions/s1/save-as-ecosystem')).toHaveLength(1));
    expect(api.callsTo('POST', '/collaboration/sessions/s1/save-as-ecosystem')[0]!.body).toEqual({ name: 'Equipo SL' });
  });

  it('a failed session says so in Spanish with its error and the fallback presentation', async () => {
    renderFlow();
    await pickAndAsk();
    const stream = await openStream();
    sessions.s1 = {
      ...processing('s1'),
      status: 'failed',
      error: 'El modelo no respondió a tiempo',
      finalResponse: 'Tu equipo: Asesor Legal (legal) y Asesor Fiscal (finance).',
    };
    act(() => stream.end());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('La colaboración ha fallado');
    expect(alert).toHaveTextContent('El modelo no respondió a tiempo');
    expect(screen.getByRole('article', { name: 'Respuesta del equipo' })).toHaveTextContent('Tu equipo: Asesor Legal');
  });
});

describe('Flow templates', () => {
  beforeEach(server);

  it('a template offered by the admins runs over its own agents and steps', async () => {
    api
      .on('GET', '/flows', {
        body: [{ id: 'f1', name: 'Alta de empresa', description: '', isTemplate: true, nodes: [], edges: [] }],
      })
      .on('POST', '/flows/f1/run', () => {
        sessions.s1 = processing('s1');
        return { status: 201, body: sessions.s1 };
      });
    renderFlow();
    await userEvent.click(await screen.findByRole('textbox', { name: 'Plantilla de flujo (opcional)' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Alta de empresa' }));
    expect(screen.queryByRole('group', { name: 'Agentes que colaboran' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Tu pregunta para el equipo' }), '¿Cómo monto una SL?');
    await userEvent.click(screen.getByRole('button', { name: 'Preguntar al equipo' }));
    await waitFor(() => expect(api.callsTo('POST', '/flows/f1/run')).toHaveLength(1));
    expect(api.callsTo('POST', '/flows/f1/run')[0]!.body).toEqual({ query: '¿Cómo monto una SL?', conversationId: 'c1' });
    expect(api.callsTo('POST', '/collaboration/sessions')).toHaveLength(0);
    expect(await screen.findByText('Coordina: Asesor Legal')).toBeInTheDocument();
  });
});

describe('Flow templates that cannot be loaded', () => {
  beforeEach(server);

  it("say so with the server's message and 'Reintentar', which loads them", async () => {
    api.on('GET', '/flows', { status: 503, body: { message: 'El servicio no está disponible' } });
    renderFlow();
    expect(await screen.findByText('No se pudieron cargar las plantillas de flujo. El servicio no está disponible')).toBeInTheDocument();
    // The agents can still be picked by hand meanwhile.
    expect(screen.getByRole('group', { name: 'Agentes que colaboran' })).toBeInTheDocument();

    api.on('GET', '/flows', { body: [{ id: 'f1', name: 'Alta de empresa', description: '', isTemplate: true, nodes: [], edges: [] }] });
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('textbox', { name: 'Plantilla de flujo (opcional)' })).toBeInTheDocument();
    expect(screen.queryByText(/No se pudieron cargar las plantillas de flujo/)).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/flows')).toHaveLength(2);
  });
});

describe('A flow conversation that cannot be opened', () => {
  beforeEach(server);

  it("shows the server's message with 'Reintentar', which opens it", async () => {
    api.on('GET', '/conversations/c1', { status: 404, body: { message: 'Conversación no encontrada' } });
    renderFlow('/chat/c1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo abrir la conversación');
    expect(alert).toHaveTextContent('Conversación no encontrada');
    api.on('GET', '/conversations/c1', { body: { id: 'c1', title: 'Flujo de Agentes', metadata: { fromFlow: true }, messages: [] } });
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Flujo de Agentes' })).toBeInTheDocument();
  });
});

describe('A flow conversation opened again', () => {
  beforeEach(server);

  const storedConversation = (sessionId: string, answer: string) => ({
    id: 'c1',
    title: 'Flujo de Agentes',
    metadata: { fromFlow: true },
    messages: [
      { id: `collaboration-${sessionId}-query`, role: 'user', content: '¿Cómo monto una SL?', timestamp: '', metadata: null },
      {
        id: `collaboration-${sessionId}`,
        role: 'assistant',
        content: answer,
        timestamp: '',
        metadata: { agentId: 'legal,fiscal', agentName: 'Asesor Legal, Asesor Fiscal' },
      },
    ],
  });

  it("shows each stored question as its session: the whole log, the answer with every agent's part, 'Repetir' and 'Guardar como ecosistema'", async () => {
    sessions.s1 = completed('s1');
    api.on('GET', '/conversations/c1', { body: storedConversation('s1', 'Constituye la SL ante notario y date de alta en Hacienda.') });
    renderFlow('/chat/c1');

    const log = await screen.findByRole('log', { name: 'Pasos de la colaboración' });
    expect(within(log).getByText('Asesor Legal coordina')).toBeInTheDocument();
    expect(within(log).getByText('Respuesta sintetizada')).toBeInTheDocument();
    expect(screen.getByText('¿Cómo monto una SL?')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Tareas asignadas' })).toHaveTextContent('Asesor Fiscal: Obligaciones fiscales');
    expect(screen.getByRole('article', { name: 'Respuesta del equipo' })).toHaveTextContent('Constituye la SL ante notario y date de alta en Hacienda.');
    expect(screen.getByRole('article', { name: 'Aportación de Asesor Fiscal' })).toHaveTextContent('Alta censal (modelo 036) y el IVA.');
    // The answer is shown once: as the session's, not again as a stored message.
    expect(screen.getAllByText('Constituye la SL ante notario y date de alta en Hacienda.')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Guardar como ecosistema' })).toBeInTheDocument();
    // Finished: nothing streams.
    expect(api.callsTo('GET', '/collaboration/sessions/s1/events')).toHaveLength(0);

    api.on('POST', '/collaboration/sessions/s1/replay', () => {
      sessions.s2 = completed('s2', 'Segunda versión: SL con capital mínimo de 1 euro.');
      return { status: 201, body: sessions.s2 };
    });
    await userEvent.click(screen.getByRole('button', { name: 'Repetir' }));
    const comparison = await screen.findByRole('region', { name: 'Comparación de ejecuciones' });
    expect(within(comparison).getByRole('region', { name: 'Ejecución original' })).toHaveTextContent('Constituye la SL ante notario');
    expect(within(comparison).getByRole('region', { name: 'Repetición' })).toHaveTextContent('Segunda versión: SL con capital mínimo de 1 euro.');
  });

  it('a stored question whose session the server no longer has shows the stored answer, with who contributed', async () => {
    api
      .on('GET', '/conversations/c1', { body: storedConversation('s0', 'Respuesta del equipo de ayer') })
      .on('GET', '/collaboration/sessions/s0', { status: 404, body: { message: 'Sesión no encontrada' } });
    renderFlow('/chat/c1');
    expect(await screen.findByText('Respuesta del equipo de ayer')).toBeInTheDocument();
    expect(screen.getByText('¿Cómo monto una SL?')).toBeInTheDocument();
    expect(screen.getByText('Con la aportación de: Asesor Legal, Asesor Fiscal')).toBeInTheDocument();
    expect(screen.queryByText('No se pudo cargar la sesión de colaboración')).not.toBeInTheDocument();
  });

  it("a stored session that cannot be read now says so with 'Reintentar', which shows it", async () => {
    api
      .on('GET', '/conversations/c1', { body: storedConversation('s1', 'Constituye la SL ante notario y date de alta en Hacienda.') })
      .on('GET', '/collaboration/sessions/s1', { status: 503, body: { message: 'El servicio no está disponible' } });
    renderFlow('/chat/c1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar la sesión de colaboración');
    expect(alert).toHaveTextContent('El servicio no está disponible');
    sessions.s1 = completed('s1');
    api.on('GET', '/collaboration/sessions/*', (call) => ({ body: sessions[call.path.split('/')[3]!] }));
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('log', { name: 'Pasos de la colaboración' })).toHaveTextContent('Respuesta sintetizada');
    expect(screen.getByRole('button', { name: 'Repetir' })).toBeInTheDocument();
  });
});

describe('Ecosystem chat', () => {
  beforeEach(server);

  it('runs each message over the ecosystem agents, with no picker', async () => {
    api.on('GET', '/conversations/c1', {
      body: { id: 'c1', title: 'Chat con Equipo Legal', metadata: { isEcosystemChat: true, ecosystemId: 'eco-1' }, messages: [] },
    });
    renderWithProviders(
      <CollaborationChatPage conversationId="c1" agents={team} ecosystem={{ id: 'eco-1', name: 'Equipo Legal', agentIds: ['legal', 'fiscal'] }} />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat con Equipo Legal' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Agentes que colaboran' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Tu pregunta para el equipo' }), 'Revisa mi contrato');
    await userEvent.click(screen.getByRole('button', { name: 'Preguntar al equipo' }));
    await waitFor(() => expect(api.callsTo('POST', '/collaboration/sessions')).toHaveLength(1));
    expect(api.callsTo('POST', '/collaboration/sessions')[0]!.body).toEqual({
      agentIds: ['legal', 'fiscal'],
      query: 'Revisa mi contrato',
      conversationId: 'c1',
      ecosystemId: 'eco-1',
    });
  });

  it('an ecosystem without agents cannot chat', async () => {
    renderWithProviders(<CollaborationChatPage agents={team} ecosystem={{ id: 'eco-2', name: 'Vacío', agentIds: [] }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Este ecosistema no tiene agentes: necesita al menos uno para chatear.');
    expect(screen.getByRole('button', { name: 'Preguntar al equipo' })).toBeDisabled();
  });
});

describe("'Fuentes' in a collaboration (issue 32)", () => {
  beforeEach(server);

  const law = { documentId: 'd-ley', documentName: 'ley-sociedades.pdf', page: 37, snippet: 'La sociedad limitada se constituye en escritura pública.' };
  const guide = { documentId: 'd-guia', documentName: 'guia.md', page: null, snippet: 'Inscribe la escritura en el registro mercantil.' };

  it("shows 'Fuentes' under the team's answer and under the part of each agent that had documents, each opening its snippets", async () => {
    renderFlow();
    await pickAndAsk();
    const stream = await openStream();
    const done = completed('s1');
    act(() => {
      stream.send('end', { ...done, responses: { ...done.responses, legal: { ...done.responses.legal!, sources: [law, guide] } }, sources: [law, guide] });
      stream.end();
    });

    const answer = await screen.findByRole('article', { name: 'Respuesta del equipo' });
    const legal = screen.getByRole('article', { name: 'Aportación de Asesor Legal' });
    const fiscal = screen.getByRole('article', { name: 'Aportación de Asesor Fiscal' });
    expect(within(fiscal).queryByRole('button', { name: 'Fuentes' })).not.toBeInTheDocument();

    const legalSources = within(legal).getByRole('button', { name: 'Fuentes' });
    expect(legalSources).toHaveAttribute('aria-expanded', 'false');
    expect(legalSources).toHaveAttribute('title', '2 fragmentos de documentos citados');
    expect(within(legal).queryByRole('list', { name: 'Fuentes' })).not.toBeInTheDocument();
    await userEvent.click(legalSources);
    expect(legalSources).toHaveAttribute('aria-expanded', 'true');
    const list = within(legal).getByRole('list', { name: 'Fuentes' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('ley-sociedades.pdf, página 37');
    expect(items[0]).toHaveTextContent('«La sociedad limitada se constituye en escritura pública.»');
    expect(items[1]).toHaveTextContent('guia.md«Inscribe la escritura en el registro mercantil.»');
    // The team's answer's own list is still closed; it opens on its own.
    expect(within(answer).queryByRole('list', { name: 'Fuentes' })).not.toBeInTheDocument();
    await userEvent.click(within(answer).getByRole('button', { name: 'Fuentes' }));
    expect(within(answer).getByRole('list', { name: 'Fuentes' })).toHaveTextContent('ley-sociedades.pdf, página 37');
    await userEvent.click(legalSources);
    expect(within(legal).queryByRole('list', { name: 'Fuentes' })).not.toBeInTheDocument();
  });

  it("shows no 'Fuentes' when no agent had documents", async () => {
    renderFlow();
    await pickAndAsk();
    const stream = await openStream();
    act(() => {
      stream.send('end', completed('s1'));
      stream.end();
    });
    await screen.findByRole('article', { name: 'Respuesta del equipo' });
    expect(screen.queryByRole('button', { name: 'Fuentes' })).not.toBeInTheDocument();
  });

  it("shows the stored answer's 'Fuentes' when the server no longer has its session", async () => {
    api
      .on('GET', '/conversations/c1', {
        body: {
          id: 'c1',
          title: 'Flujo de Agentes',
          metadata: { fromFlow: true },
          messages: [
            { id: 'collaboration-s0-query', role: 'user', content: '¿Cómo monto una SL?', timestamp: '', metadata: null },
            { id: 'collaboration-s0', role: 'assistant', content: 'Respuesta del equipo de ayer', timestamp: '', metadata: { agentName: 'Asesor Legal', sources: [law] } },
          ],
        },
      })
      .on('GET', '/collaboration/sessions/s0', { status: 404, body: { message: 'Sesión no encontrada' } });
    renderFlow('/chat/c1');
    expect(await screen.findByText('Respuesta del equipo de ayer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fuentes' }));
    expect(screen.getByRole('list', { name: 'Fuentes' })).toHaveTextContent('ley-sociedades.pdf, página 37«La sociedad limitada se constituye en escritura pública.»');
  });
});
