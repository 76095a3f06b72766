import type { AgentResponse, CollaborationSession, DeliberationStep, SessionAgent } from '../types';

export interface Contribution {
  agentId: string;
  agentName: string;
  /** The answer, or empty when the agent did not answer. */
  text: string;
  /** Why it did not answer (failed or timed out). */
  error: string | null;
  task: string | null;
  isCoordinator: boolean;
  tokens: { inputTokens: number; outputTokens: number; costCents?: number } | null;
}

const agentName = (agents: SessionAgent[], id: string | undefined) => agents.find((agent) => agent.id === id)?.name ?? id ?? '';

export const nameOf = (session: Pick<CollaborationSession, 'agents'>, agentId: string | undefined) => agentName(session.agents, agentId);

/** The coordinator's id, whether the session names it by id or as the agent. */
export function coordinatorId(session: Pick<CollaborationSession, 'coordinator'>): string | undefined {
  const { coordinator } = session;
  if (!coordinator) return undefined;
  return typeof coordinator === 'string' ? coordinator : coordinator.id;
}

function asResponse(agentId: string, value: AgentResponse | string | undefined): AgentResponse | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return { agentId, status: 'completed', content: value, error: null };
  return value;
}

/** Each agent's part of the answer, in the team's order, with its task and token usage. */
export function contributions(session: CollaborationSession): Contribution[] {
  const coordinator = coordinatorId(session);
  return session.agents.flatMap((agent) => {
    const response = asResponse(agent.id, session.responses?.[agent.id]);
    if (!response) return [];
    const answered = response.status === 'completed' && response.content.trim() !== '';
    const usage = session.usage?.[agent.id] ?? response.usage ?? null;
    return [
      {
        agentId: agent.id,
        agentName: response.agentName ?? agent.name,
        text: answered ? response.content : '',
        error: answered ? null : (response.error ?? response.status),
        task: response.task ?? session.taskAssignments?.find((assignment) => assignment.agentId === agent.id)?.task ?? null,
        isCoordinator: agent.id === coordinator,
        tokens: usage
          ? { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, ...('costCents' in usage && typeof usage.costCents === 'number' ? { costCents: usage.costCents } : {}) }
          : null,
      },
    ];
  });
}

export const stepType = (step: DeliberationStep) => step.type ?? step.step ?? '';

const stepKey = (step: DeliberationStep) =>
  step.seq !== undefined ? `#${step.seq}` : `${step.at}|${stepType(step)}|${step.agentId ?? ''}|${step.message}`;

/** Steps from the stored log and the stream together, each once, in order. */
export function mergeSteps(known: DeliberationStep[], incoming: DeliberationStep[]): DeliberationStep[] {
  const seen = new Set(known.map(stepKey));
  const merged = [...known];
  for (const step of incoming) {
    const key = stepKey(step);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(step);
  }
  return merged.sort((a, b) =>
    a.seq !== undefined && b.seq !== undefined ? a.seq - b.seq : a.at < b.at ? -1 : a.at > b.at ? 1 : 0,
  );
}

/** Assignments as streamed before the session is read again: a step may carry them. */
export function assignmentsFrom(session: CollaborationSession, steps: DeliberationStep[]) {
  if (session.taskAssignments?.length) return session.taskAssignments;
  return steps
    .filter((step) => /assign/.test(stepType(step)) && step.agentId)
    .map((step) => ({ agentId: step.agentId!, task: step.message }));
}

/** Agents that were given a task and have not answered yet: who is working now. */
export function workingAgents(session: CollaborationSession, steps: DeliberationStep[]): string[] {
  if (session.status !== 'processing') return [];
  const answered = new Set([
    ...Object.keys(session.responses ?? {}),
    ...steps.filter((step) => /response|answer|error|fail/.test(stepType(step)) && step.agentId).map((step) => step.agentId!),
  ]);
  const assigned = assignmentsFrom(session, steps).map((assignment) => assignment.agentId);
  const started = steps.filter((step) => /start|working/.test(stepType(step)) && step.agentId).map((step) => step.agentId!);
  return [...new Set([...assigned, ...started])].filter((id) => !answered.has(id)).map((id) => nameOf(session, id));
}
