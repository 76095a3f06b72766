import type { AgentCategory } from '../../agents/agent-categories';
import type { KnowledgeSource } from '../../knowledge/knowledge-sources';
import type { TokenUsage } from '../../models/model-gateway';
import type { ToolCallRecord } from '../../tool-calling/tool-loop';

/** Spec section 4: idle, processing, completed, failed, cancelled. */
export const SESSION_STATUSES = ['idle', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const FINISHED_STATUSES: readonly SessionStatus[] = ['completed', 'failed', 'cancelled'];

/** An agent of the team as the run sees it: its current prompt and model already read. */
export interface RunAgent {
  id: string;
  name: string;
  category: string;
  description: string;
  rating: number;
  popularity: number;
  modelId: string | null;
  prompt: string;
}

/** One task of the run, given by the coordinator (or by a flow's steps). */
export interface TaskAssignment {
  agentId: string;
  agentName: string;
  task: string;
  priority: number;
  /** Steps run one after another; the tasks of one step run in parallel. 0 for a coordinator's split. */
  step: number;
}

export type AgentResponseStatus = 'completed' | 'failed' | 'timeout';

export interface AgentResponse {
  agentId: string;
  agentName: string;
  task: string;
  status: AgentResponseStatus;
  content: string;
  error: string | null;
  startedAt: string;
  endedAt: string;
  usage: TokenUsage | null;
  /** When the agent has documents: the passages it was given for its task, with their document and page (issue 32). */
  sources?: KnowledgeSource[];
  /** When the agent used tools for its task: each call, with its arguments and result (issue 33). */
  toolCalls?: ToolCallRecord[];
}

export interface AgentUsage {
  inputTokens: number;
  outputTokens: number;
  calls: number;
  /** What the tokens cost, in cents of the payments currency, when the model's price is configured (MODEL_PRICES). */
  costCents?: number;
}

export type LogEntryType =
  | 'started'
  | 'topic'
  | 'coordinator'
  | 'assignment'
  | 'agent-working'
  | 'agent-response'
  | 'agent-failed'
  | 'synthesis'
  | 'completed'
  | 'failed'
  | 'cancelled';

/** One step of the deliberation, as the log and the event stream show it. */
export interface LogEntry {
  seq: number;
  at: string;
  type: LogEntryType;
  /** What happened, in Spanish, for people. */
  message: string;
  agentId?: string;
  agentName?: string;
  /** The model call's token usage, when the step was one. */
  usage?: TokenUsage;
  /** That call's cost in cents, when the model's price is configured. */
  costCents?: number;
  durationMs?: number;
  /** The step's data: the topic, the assignments, an answer's text… */
  data?: unknown;
}

/** Everything a run produces; the service stores it as it grows. */
export interface RunState {
  status: SessionStatus;
  topic: AgentCategory | null;
  coordinatorId: string | null;
  priorities: Record<string, number>;
  taskAssignments: TaskAssignment[];
  responses: Record<string, AgentResponse>;
  finalResponse: string | null;
  error: string | null;
  usage: Record<string, AgentUsage>;
  log: LogEntry[];
  endTime: string | null;
  /** The final answer's sources: every contributor's, each once (empty when none had documents). */
  sources: KnowledgeSource[];
}

/** A flow's steps: each step is the agents that work in parallel; steps go one after another. */
export type RunPlan = string[][];

export function emptyRunState(): RunState {
  return {
    status: 'idle',
    topic: null,
    coordinatorId: null,
    priorities: {},
    taskAssignments: [],
    responses: {},
    finalResponse: null,
    error: null,
    usage: {},
    log: [],
    endTime: null,
    sources: [],
  };
}
