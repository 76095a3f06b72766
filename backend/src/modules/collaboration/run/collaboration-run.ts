import { AGENT_CATEGORY_LABELS, toAgentCategory } from '../../agents/agent-categories';
import { type AnswerKnowledge, type KnowledgeSource, knowledgeBlock } from '../../knowledge/knowledge-sources';
import type { ModelPrices } from '../../../config/model-prices';
import { costOf } from '../../models/model-prices';
import { type ModelGateway, ModelError, type ModelRequest, type ResponseSchema, type TokenUsage } from '../../models/model-gateway';
import { askStructured, StructuredReplyInvalidError, type StructuredReader } from '../../models/structured-output';
import { chooseCoordinator } from './coordinator';
import { agentPriority } from './priority';
import type { AgentResponse, LogEntry, LogEntryType, RunAgent, RunPlan, RunState, TaskAssignment } from './run-types';
import { detectTopic } from './topics';
import type { ToolCallRecord } from '../../tool-calling/tool-loop';

/** Each agent's answer may take this long by default before it is given up (its call aborted). */
export const DEFAULT_AGENT_TIMEOUT_MS = 120_000;

export interface RunOptions {
  gateway: ModelGateway;
  /** The session id: the model calls' session. */
  sessionId: string;
  /** Aborted on cancel: every model call in flight is aborted and the run ends 'cancelled'. */
  signal: AbortSignal;
  agentTimeoutMs?: number;
  /** Called after every step with the state so far (the service stores it and streams the entry). */
  onStep?: (entry: LogEntry, state: RunState) => void | Promise<void>;
  /** A flow's steps; without it the coordinator splits the query into tasks. */
  plan?: RunPlan;
  /** Token prices (MODEL_PRICES): priced calls add `costCents` to their log step and their agent's usage. */
  prices?: ModelPrices;
  /** The model that answers an agent without a model of its own (to price its calls). */
  defaultModelId?: string;
  /**
   * An agent's passages for its task (issue 32): null when it has no documents. A look-up that
   * fails leaves the agent answering without them, never the run failing.
   */
  knowledge?: (agentId: string, question: string) => Promise<AnswerKnowledge | null>;
  /**
   * Answers an agent's task with its tools (issue 33): the tool-calling loop on this request, or
   * null when the agent has none (then the model is asked as usual). No one can confirm a call in
   * a session: tools marked 'Pide confirmación' are refused as not allowed.
   */
  answerWithTools?: (agentId: string, request: ModelRequest) => Promise<{ text: string; usage?: TokenUsage; toolCalls: ToolCallRecord[] } | null>;
}

export const CANCELLED_MESSAGE = 'La colaboración se ha cancelado.';

class RunCancelled extends Error {}

/**
 * The fallback final response when the run fails (spec section 4): the team presents itself, so
 * the user still knows who could help.
 */
export function teamPresentation(agents: readonly Pick<RunAgent, 'name' | 'category' | 'description'>[]): string {
  const lines = agents.map((agent) => {
    const category = toAgentCategory(agent.category);
    const label = category ? AGENT_CATEGORY_LABELS[category] : agent.category;
    return `- **${agent.name}** (${label}): ${agent.description}`;
  });
  return `No hemos podido completar la colaboración, pero este es tu equipo de agentes y en qué puede ayudarte:\n\n${lines.join('\n')}\n\nVuelve a intentarlo en unos momentos.`;
}

const ASSIGNMENT_SCHEMA_NAME = 'asignacion_de_tareas';

function assignmentSchema(agentIds: string[]): ResponseSchema {
  return {
    name: ASSIGNMENT_SCHEMA_NAME,
    description: 'Las tareas en que se divide la consulta, cada una asignada a un agente del equipo',
    schema: {
      type: 'object',
      properties: {
        tasks: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              agentId: { type: 'string', enum: agentIds },
              task: { type: 'string' },
            },
            required: ['agentId', 'task'],
            additionalProperties: false,
          },
        },
      },
      required: ['tasks'],
      additionalProperties: false,
    },
  };
}

/** Reads the coordinator's split: at least one task, each for an agent of the team, one per agent. */
export function readAssignments(agentIds: readonly string[]): StructuredReader<{ agentId: string; task: string }[]> {
  return (value) => {
    const tasks = (value as { tasks?: unknown })?.tasks;
    if (!Array.isArray(tasks) || tasks.length === 0) return { ok: false, problems: 'falta la lista «tasks» con al menos una tarea' };
    const byAgent = new Map<string, string>();
    for (const item of tasks) {
      const { agentId, task } = (item ?? {}) as { agentId?: unknown; task?: unknown };
      if (typeof agentId !== 'string' || !agentIds.includes(agentId)) {
        return { ok: false, problems: `«${String(agentId)}» no es un agente del equipo (usa uno de: ${agentIds.join(', ')})` };
      }
      if (typeof task !== 'string' || task.trim() === '') return { ok: false, problems: 'cada tarea necesita un texto en «task»' };
      // Two tasks for one agent become one: each agent answers once.
      byAgent.set(agentId, byAgent.has(agentId) ? `${byAgent.get(agentId)}\n${task.trim()}` : task.trim());
    }
    return { ok: true, value: [...byAgent].map(([agentId, task]) => ({ agentId, task })) };
  };
}

/**
 * One collaboration run (spec sections 4 and 9): the topic and each agent's priority, the
 * coordinator's split of the query into tasks (or a flow's steps), the assigned agents' answers in
 * parallel (each on its own prompt and model, with its own time-out), and the coordinator's
 * synthesis naming who contributed what. Every step goes to the log with its time and token usage.
 * An agent that fails or runs out of time is left out of the synthesis; when none answers, or the
 * coordinator fails, the run fails with the team's presentation as its final response. An aborted
 * signal aborts the calls in flight and ends it cancelled.
 */
export async function runCollaboration(agents: readonly RunAgent[], query: string, state: RunState, options: RunOptions): Promise<RunState> {
  const { gateway, signal } = options;
  const timeoutMs = options.agentTimeoutMs ?? DEFAULT_AGENT_TIMEOUT_MS;
  const byId = new Map(agents.map((agent) => [agent.id, agent]));
  let seq = state.log.length;

  const step = async (type: LogEntryType, message: string, extra: Partial<LogEntry> = {}): Promise<void> => {
    seq += 1;
    const entry: LogEntry = { seq, at: new Date().toISOString(), type, message, ...extra };
    state.log.push(entry);
    await options.onStep?.(entry, state);
  };
  const checkCancelled = () => {
    if (signal.aborted) throw new RunCancelled();
  };
  /** The call's cost in cents, or nothing when the agent's model is not priced. */
  const costFor = (agentId: string, usage: TokenUsage | undefined): { costCents?: number } => {
    if (!usage) return {};
    const cost = costOf(byId.get(agentId)?.modelId ?? options.defaultModelId, usage.inputTokens, usage.outputTokens, options.prices);
    return cost === null ? {} : { costCents: cost };
  };
  const count = (agentId: string, usage: TokenUsage | undefined) => {
    const total = (state.usage[agentId] ??= { inputTokens: 0, outputTokens: 0, calls: 0 });
    total.calls += 1;
    total.inputTokens += usage?.inputTokens ?? 0;
    total.outputTokens += usage?.outputTokens ?? 0;
    const { costCents } = costFor(agentId, usage);
    if (costCents !== undefined) total.costCents = Math.round(((total.costCents ?? 0) + costCents) * 10_000) / 10_000;
  };

  try {
    if (agents.length === 0) throw new Error('No agents selected for collaboration');
    state.status = 'processing';
    const coordinator = chooseCoordinator(agents);
    state.coordinatorId = coordinator.id;
    const topic = detectTopic(query);
    state.topic = topic;
    state.priorities = Object.fromEntries(agents.map((agent) => [agent.id, agentPriority(agent, topic)]));
    await step('started', `Colaboración iniciada con ${agents.length} ${agents.length === 1 ? 'agente' : 'agentes'}.`);
    await step('topic', `Tema detectado: ${AGENT_CATEGORY_LABELS[topic]}.`, { data: { topic, priorities: state.priorities } });
    await step('coordinator', `${coordinator.name} coordina el equipo (la mejor valoración).`, {
      agentId: coordinator.id,
      agentName: coordinator.name,
    });
    checkCancelled();

    // 1. Tasks: a flow's steps, or the coordinator's split.
    if (options.plan) {
      state.taskAssignments = options.plan.flatMap((ids, index) =>
        ids.map((agentId) => ({ agentId, agentName: byId.get(agentId)?.name ?? agentId, task: query, priority: state.priorities[agentId] ?? 1, step: index })),
      );
      await step('assignment', 'Tareas según los pasos del flujo.', { data: state.taskAssignments });
    } else {
      const started = Date.now();
      const ids = agents.map((agent) => agent.id);
      let split: { agentId: string; task: string }[];
      let usage: TokenUsage | undefined;
      try {
        const reply = await abortable(
          signal,
          askStructured(
            gateway,
            {
              ...agentRequest(coordinator, options.sessionId, signal),
              message: assignmentMessage(query, agents, state.priorities),
              responseSchema: assignmentSchema(ids),
            },
            readAssignments(ids),
          ),
        );
        split = reply.value;
        usage = reply.usage;
      } catch (error) {
        if (signal.aborted) throw new RunCancelled();
        // A model that cannot keep to the schema still lets the team work: everyone takes the whole query.
        if (!(error instanceof StructuredReplyInvalidError)) throw error;
        split = ids.map((agentId) => ({ agentId, task: query }));
      }
      count(coordinator.id, usage);
      state.taskAssignments = split
        .map(({ agentId, task }) => ({ agentId, agentName: byId.get(agentId)!.name, task, priority: state.priorities[agentId] ?? 1, step: 0 }))
        .sort((a, b) => b.priority - a.priority);
      await step('assignment', `${coordinator.name} ha repartido ${state.taskAssignments.length} ${state.taskAssignments.length === 1 ? 'tarea' : 'tareas'}.`, {
        agentId: coordinator.id,
        agentName: coordinator.name,
        usage,
        ...costFor(coordinator.id, usage),
        durationMs: Date.now() - started,
        data: state.taskAssignments,
      });
    }
    checkCancelled();

    // 2. The answers: step after step, the tasks of a step in parallel.
    const steps = [...new Set(state.taskAssignments.map((task) => task.step))].sort((a, b) => a - b);
    for (const index of steps) {
      const earlier = Object.values(state.responses).filter((response) => response.status === 'completed');
      await Promise.all(
        state.taskAssignments
          .filter((task) => task.step === index)
          .map((task) => answer(byId.get(task.agentId)!, task, earlier)),
      );
      checkCancelled();
    }
    const answered = Object.values(state.responses).filter((response) => response.status === 'completed');
    if (answered.length === 0) throw new Error('Ningún agente del equipo ha podido responder.');

    // 3. The synthesis.
    const started = Date.now();
    const synthesis = await collectReply(gateway, {
      ...agentRequest(coordinator, options.sessionId, signal),
      message: synthesisMessage(query, answered),
    });
    checkCancelled();
    count(coordinator.id, synthesis.usage);
    state.finalResponse = synthesis.text;
    state.sources = unionOfSources(answered);
    await step('synthesis', `${coordinator.name} ha redactado la respuesta final.`, {
      agentId: coordinator.id,
      agentName: coordinator.name,
      usage: synthesis.usage,
      ...costFor(coordinator.id, synthesis.usage),
      durationMs: Date.now() - started,
      data: {
        contributors: answered.map((response) => ({ agentId: response.agentId, agentName: response.agentName })),
        ...(state.sources.length > 0 ? { sources: state.sources } : {}),
      },
    });
    state.status = 'completed';
    state.endTime = new Date().toISOString();
    await step('completed', 'Colaboración completada.');
  } catch (error) {
    state.endTime = new Date().toISOString();
    if (error instanceof RunCancelled || signal.aborted) {
      state.status = 'cancelled';
      state.error = CANCELLED_MESSAGE;
      await step('cancelled', CANCELLED_MESSAGE);
    } else {
      state.status = 'failed';
      state.error = error instanceof ModelError || error instanceof Error ? error.message : 'Error desconocido';
      state.finalResponse = teamPresentation(agents);
      await step('failed', `La colaboración ha fallado: ${state.error}`);
    }
  }
  return state;

  async function answer(agent: RunAgent, task: TaskAssignment, earlier: AgentResponse[]): Promise<void> {
    const startedAt = new Date();
    await step('agent-working', `${agent.name} está trabajando en su tarea.`, { agentId: agent.id, agentName: agent.name, data: { task: task.task } });
    const timer = new AbortController();
    let timedOut = false;
    const timeout = setTimeout(() => {
      timedOut = true;
      timer.abort();
    }, timeoutMs);
    const own = AbortSignal.any([signal, timer.signal]);
    const record = (partial: Pick<AgentResponse, 'status' | 'content' | 'error' | 'usage' | 'sources' | 'toolCalls'>): AgentResponse => ({
      agentId: agent.id,
      agentName: agent.name,
      task: task.task,
      startedAt: startedAt.toISOString(),
      endedAt: new Date().toISOString(),
      ...partial,
    });
    try {
      const knowledge = await knowledgeFor(agent, task);
      const base = agentRequest(agent, options.sessionId, own);
      const request: ModelRequest = {
        ...base,
        // Its own passages, quoted after its instructions (data, not orders).
        ...(knowledge ? { systemPrompt: `${base.systemPrompt}\n\n${knowledgeBlock(knowledge.passages)}` } : {}),
        message: taskMessage(query, task, earlier),
      };
      const withTools = options.answerWithTools ? await abortable(own, options.answerWithTools(agent.id, request)) : null;
      const reply = withTools ?? (await collectReply(gateway, request));
      count(agent.id, reply.usage);
      const sources = knowledge ? { sources: knowledge.sources } : {};
      // The calls it made, shown folded under its part as the chat shows an answer's.
      const toolCalls = withTools && withTools.toolCalls.length > 0 ? { toolCalls: withTools.toolCalls } : {};
      state.responses[agent.id] = record({ status: 'completed', content: reply.text, error: null, usage: reply.usage ?? null, ...sources, ...toolCalls });
      await step('agent-response', `${agent.name} ha respondido.`, {
        agentId: agent.id,
        agentName: agent.name,
        usage: reply.usage,
        ...costFor(agent.id, reply.usage),
        durationMs: Date.now() - startedAt.getTime(),
        data: { content: reply.text, ...sources, ...toolCalls },
      });
    } catch (error) {
      if (signal.aborted) return;
      const message = timedOut
        ? `${agent.name} ha tardado demasiado en responder (más de ${Math.round(timeoutMs / 1000)} s).`
        : `${agent.name} no ha podido responder: ${error instanceof Error ? error.message : String(error)}`;
      count(agent.id, undefined);
      state.responses[agent.id] = record({ status: timedOut ? 'timeout' : 'failed', content: '', error: message, usage: null });
      await step('agent-failed', message, { agentId: agent.id, agentName: agent.name, durationMs: Date.now() - startedAt.getTime() });
    } finally {
      clearTimeout(timeout);
    }
  }

  /** The agent's passages for its task and the user's query; none when it has no documents or their search fails. */
  async function knowledgeFor(agent: RunAgent, task: TaskAssignment): Promise<AnswerKnowledge | null> {
    if (!options.knowledge) return null;
    const question = task.task === query ? query : `${task.task}\n${query}`;
    return options.knowledge(agent.id, question).catch(() => null);
  }
}

/** The contributors' sources, in their order, each passage once. */
export function unionOfSources(responses: readonly Pick<AgentResponse, 'sources'>[]): KnowledgeSource[] {
  const seen = new Set<string>();
  return responses
    .flatMap((response) => response.sources ?? [])
    .filter((source) => {
      const key = JSON.stringify([source.documentId, source.page, source.snippet]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function agentRequest(agent: RunAgent, sessionId: string, signal: AbortSignal): Omit<ModelRequest, 'message'> {
  return { audience: 'agent', sessionId, history: [], systemPrompt: agent.prompt, modelId: agent.modelId ?? undefined, signal };
}

function assignmentMessage(query: string, agents: readonly RunAgent[], priorities: Record<string, number>): string {
  const team = agents
    .map((agent) => `- agentId «${agent.id}»: ${agent.name} (${agent.category}, prioridad ${priorities[agent.id]}): ${agent.description}`)
    .join('\n');
  return [
    'Coordinas un equipo de agentes que va a responder juntos a la consulta de un usuario.',
    `Consulta del usuario: «${query}»`,
    `Equipo:\n${team}`,
    'Divide la consulta en tareas concretas y asigna cada tarea al agente más adecuado (da preferencia a los de mayor prioridad; no hace falta usar a todos). Responde solo con el JSON pedido, en español.',
  ].join('\n\n');
}

function taskMessage(query: string, task: TaskAssignment, earlier: AgentResponse[]): string {
  const parts = [`Formas parte de un equipo de agentes que responde a esta consulta: «${query}»`, `Tu tarea: ${task.task}`];
  if (earlier.length > 0) {
    parts.push(`Lo que ya han aportado otros agentes:\n${earlier.map((response) => `### ${response.agentName}\n${response.content}`).join('\n\n')}`);
  }
  parts.push('Responde en español, centrado en tu tarea y desde tu especialidad.');
  return parts.join('\n\n');
}

function synthesisMessage(query: string, answered: AgentResponse[]): string {
  return [
    `Consulta del usuario: «${query}»`,
    `Respuestas de los agentes del equipo:\n\n${answered.map((response) => `### ${response.agentName} (tarea: ${response.task})\n${response.content}`).join('\n\n')}`,
    'Redacta en español la respuesta final para el usuario a partir de estas respuestas, y di qué ha aportado cada agente, nombrándolo.',
  ].join('\n\n');
}

/** The reply's text and usage; rejects as soon as the signal aborts, whether the model stops or not. */
async function collectReply(gateway: ModelGateway, request: ModelRequest): Promise<{ text: string; usage?: TokenUsage }> {
  return abortable(
    request.signal,
    (async () => {
      let text = '';
      let usage: TokenUsage | undefined;
      for await (const event of gateway.stream(request)) {
        if (request.signal?.aborted) break;
        if (event.type === 'delta') text += event.text;
        else if (event.type === 'done') usage = event.usage;
      }
      return { text, usage };
    })(),
  );
}

function abortable<T>(signal: AbortSignal | undefined, work: Promise<T>): Promise<T> {
  if (!signal) return work;
  work.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
