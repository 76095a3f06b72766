export type FlowNodeType = 'agent' | 'synthesis';

export interface FlowNode {
  id: string;
  type: FlowNodeType;
  agentId?: string;
  position: { x: number; y: number };
}

export interface FlowEdge {
  source: string;
  target: string;
}

/** A saved flow (spec section 3, the agent state slice's savedFlows), as /flows answers it. */
export interface SavedFlow {
  id: string;
  name: string;
  description: string;
  isTemplate: boolean;
  nodes: FlowNode[];
  edges: FlowEdge[];
}

/** What the editor holds: a saved flow, or a new one without an id yet. */
export type FlowDraft = Omit<SavedFlow, 'id'> & { id?: string };

/** An agent that may become a node (GET /agents). */
export interface FlowAgent {
  id: string;
  name: string;
  category: string;
}

export interface FlowSessionRef {
  id: string;
  status?: string;
}
