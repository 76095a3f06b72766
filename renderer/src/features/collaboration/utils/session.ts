import type { KnowledgeSource, ToolCall } from '../../../shared/ui';
import type { CollaborationSession, DeliberationStep, TaskAssignment } from '../api/collaborationQueries';

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
  /** The passages of its documents it was given for its task (none when it has no documents or did not answer). */
  sources: KnowledgeSource[];
  /** The tools it called for its task, with their arguments and results (none when it used none). */
  toolCalls: ToolCall[];
}

export const nameOf = (session: Pick<CollaborationSession, 'agents'>, agentId: string | undefined) =>
  session.agents.find((agent) => agent.id === agentId)?.name ?? agentId ?? '';

/** The coordinator's id (the best-rated agent; none until chosen). */
export const coordinatorId = (session: Pick<CollaborationSession, 'coordinator'>): string | undefined => session.coordinator?.id;

/** Each agent's part of the answer, in the team's order, with its task and token usage. */
export function contributions(session: CollaborationSession): Contribution[] {
  const coordinator = coordinatorId(session);
  return session.agents.flatMap((agent) => {
    const response = session.responses[agent.id];
    if (!response) return [];
    const answered = response.status === 'completed' && response.content.trim() !== '';
    const usage = session.usage[agent.id] ?? response.usage;
    return [
      {
        agentId: agent.id,
        agentName: response.agentName ?? agent.name,
        text: answered ? response.content : '',
        error: answered ? null : (response.error ?? response.status),
        task: response.task ?? session.taskAssignments.find((assignment) => assignment.agentId === agent.id)?.task ?? null,
        isCoordinator: agent.id === coordinator,
        tokens: usage
          ? {
              inputTokens: usage.inputTokens,
              outputTokens: usage.outputTokens,
              ...('costCents' in usage && typeof usage.costCents === 'number' ? { costCents: usage.costCents } : {}),
            }
          : null,
        sources: answered ? (response.sources ?? []) : [],
        toolCalls: response.toolCalls ?? [],
      },
    ];
  });
}

/** Steps from the stored log and the stream together, each once (by its sequence number), in order. */
export function mergeSteps(known: readonly DeliberationStep[], incoming: readonly DeliberationStep[]): DeliberationStep[] {
  const bySeq = new Map<number, DeliberationStep>();
  for (const step of [...known, ...incoming]) if (!bySeq.has(step.seq)) bySeq.set(step.seq, step);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** Assignments as streamed before the session is read again: a step may carry them. */
export function assignmentsFrom(session: CollaborationSession, steps: readonly DeliberationStep[]): Pick<TaskAssignment, 'agentId' | 'task'>[] {
  if (session.taskAssignments.length > 0) return session.taskAssignments;
  return steps
    .filter((step) => /assign/.test(step.type) && step.agentId)
    .map((step) => ({ agentId: step.agentId!, task: step.message }));
}

/** Agents that were given a task and have not answered yet: who is working now. */
export function workingAgents(session: CollaborationSession, steps: readonly DeliberationStep[]): string[] {
  if (session.status !== 'processing') return [];
  const answered = new Set([
    ...Object.keys(session.responses),
    ...steps.filter((step) => /response|answer|error|fail/.test(step.type) && step.agentId).map((step) => step.agentId!),
  ]);
  const assigned = assignmentsFrom(session, steps).map((assignment) => assignment.agentId);
  const started = steps.filter((step) => /start|working/.test(step.type) && step.agentId).map((step) => step.agentId!);
  return [...new Set([...assigned, ...started])].filter((id) => !answered.has(id)).map((id) => nameOf(session, id));
}
