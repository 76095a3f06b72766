/** Spec section 4: a collaboration session's states. */
export type SessionStatus = 'idle' | 'processing' | 'completed' | 'failed' | 'cancelled';

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cost?: number | null;
}

export interface SessionAgent {
  id: string;
  name: string;
  category: string;
  rating: number;
  description?: string;
  avatar?: string | null;
  priority?: number | null;
}

/** One step of the run, as stored in deliberationLog and streamed as an event (`type`). */
export interface DeliberationStep {
  seq?: number;
  at: string;
  type?: string;
  /** Older name of `type`. */
  step?: string;
  agentId?: string;
  agentName?: string;
  message: string;
  usage?: TokenUsage | null;
  /** The call's cost in cents, when the model's price is configured. */
  costCents?: number;
  durationMs?: number;
}

export interface TaskAssignment {
  agentId: string;
  agentName?: string;
  task: string;
  priority?: number;
  /** Tasks of one step run in parallel; steps run one after another. */
  step?: number;
}

/** One agent's answer: its text, or why it has none. */
export interface AgentResponse {
  agentId: string;
  agentName?: string;
  task?: string;
  status: 'completed' | 'failed' | 'timeout';
  content: string;
  error: string | null;
  usage?: TokenUsage | null;
}

export interface AgentUsage {
  inputTokens: number;
  outputTokens: number;
  calls?: number;
  cost?: number | null;
  /** The tokens' cost in cents, when the model's price is configured. */
  costCents?: number;
}

/** Spec section 3, Collaboration session, as GET /collaboration/sessions/{id} answers it. */
export interface CollaborationSession {
  id: string;
  agents: SessionAgent[];
  /** The best-rated agent (null until chosen). */
  coordinator: SessionAgent | string | null;
  status: SessionStatus;
  query: string;
  topic?: string | null;
  responses: Record<string, AgentResponse | string>;
  finalResponse: string | null;
  startTime: string;
  endTime: string | null;
  deliberationLog: DeliberationStep[];
  taskAssignments: TaskAssignment[];
  usage?: Record<string, AgentUsage>;
  error?: string | null;
  conversationId?: string | null;
  replayOf?: string | null;
}

/** An agent the user may put into a collaboration (their team, 'Mis Agentes'). */
export interface PickableAgent {
  id: string;
  name: string;
  category: string;
  avatar?: string | null;
}

/** Conversation metadata the collaboration chats use (spec section 3). */
export interface CollaborationConversationMetadata {
  fromFlow?: boolean;
  isEcosystemChat?: boolean;
  ecosystemId?: string;
}

export interface StoredMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  metadata: { agentId?: string; agentName?: string } | null;
}

export interface CollaborationConversation {
  id: string;
  title: string;
  metadata: CollaborationConversationMetadata & Record<string, unknown>;
  messages?: StoredMessage[];
}

/** The ecosystem an ecosystem chat runs over (supplied by the app from the marketplace feature). */
export interface ChatEcosystem {
  id: string;
  name: string;
  agentIds: string[];
}

export const FINISHED: readonly SessionStatus[] = ['completed', 'failed', 'cancelled'];
export const isFinished = (status: SessionStatus) => FINISHED.includes(status);

/** A saved flow offered to users as a template (GET /flows). */
export interface FlowTemplate {
  id: string;
  name: string;
  description: string;
  isTemplate: boolean;
  nodes: { id: string; type: 'agent' | 'synthesis'; agentId?: string }[];
}
