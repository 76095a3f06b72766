import { flowEditorStrings } from '../strings';
import type { FlowAgent, FlowEdge, FlowNode } from '../api/flowQueries';
import type { FlowDraft } from '../draft';

const v = flowEditorStrings.validation;

export const SYNTHESIS_ID = 'synthesis';

/** A new flow: only the final synthesis node. */
export function emptyFlow(): FlowDraft {
  return {
    name: '',
    description: '',
    isTemplate: false,
    nodes: [{ id: SYNTHESIS_ID, type: 'synthesis', position: { x: 400, y: 150 } }],
    edges: [],
  };
}

/** Adds an agent as a node (the same agent once), placed below the others. */
export function addAgentNode(flow: FlowDraft, agentId: string): FlowDraft {
  if (flow.nodes.some((node) => node.type === 'agent' && node.agentId === agentId)) return flow;
  const agents = flow.nodes.filter((node) => node.type === 'agent').length;
  const node: FlowNode = { id: `agent-${agentId}`, type: 'agent', agentId, position: { x: 50, y: 40 + agents * 110 } };
  return { ...flow, nodes: [...flow.nodes, node] };
}

export function removeNode(flow: FlowDraft, nodeId: string): FlowDraft {
  if (nodeId === SYNTHESIS_ID || flow.nodes.find((node) => node.id === nodeId)?.type === 'synthesis') return flow;
  return {
    ...flow,
    nodes: flow.nodes.filter((node) => node.id !== nodeId),
    edges: flow.edges.filter((edge) => edge.source !== nodeId && edge.target !== nodeId),
  };
}

export function moveNode(flow: FlowDraft, nodeId: string, position: { x: number; y: number }): FlowDraft {
  return { ...flow, nodes: flow.nodes.map((node) => (node.id === nodeId ? { ...node, position } : node)) };
}

function reaches(edges: FlowEdge[], from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current === to) return true;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const edge of edges) if (edge.source === current) stack.push(edge.target);
  }
  return false;
}

/** Why an edge may not be drawn, or null: no loops, no duplicates, nothing after the synthesis, no cycles. */
export function edgeProblem(flow: FlowDraft, source: string, target: string): string | null {
  if (source === target) return v.selfLoop;
  if (flow.nodes.find((node) => node.id === source)?.type === 'synthesis') return v.fromSynthesis;
  if (flow.edges.some((edge) => edge.source === source && edge.target === target)) return v.duplicate;
  if (reaches(flow.edges, target, source)) return v.cycle;
  return null;
}

/** `source` runs before `target` (sequential); agents with no path between them run in parallel. */
export function connect(flow: FlowDraft, source: string, target: string): { flow: FlowDraft; error: string | null } {
  const error = edgeProblem(flow, source, target);
  if (error) return { flow, error };
  return { flow: { ...flow, edges: [...flow.edges, { source, target }] }, error: null };
}

export function disconnect(flow: FlowDraft, source: string, target: string): FlowDraft {
  return { ...flow, edges: flow.edges.filter((edge) => !(edge.source === source && edge.target === target)) };
}

/**
 * The agents in execution order: each stage's agents wait for the ones before them and run
 * together (topological layers over the agent nodes; the synthesis comes last).
 */
export function stages(flow: FlowDraft): FlowNode[][] {
  const agents = flow.nodes.filter((node) => node.type === 'agent');
  const ids = new Set(agents.map((node) => node.id));
  const edges = flow.edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target));
  const done = new Set<string>();
  const result: FlowNode[][] = [];
  while (done.size < agents.length) {
    const ready = agents.filter(
      (node) => !done.has(node.id) && edges.filter((edge) => edge.target === node.id).every((edge) => done.has(edge.source)),
    );
    if (ready.length === 0) break; // a cycle: validateFlow reports it
    ready.forEach((node) => done.add(node.id));
    result.push(ready);
  }
  return result;
}

/** What stops a flow from being saved or run, in Spanish; empty when it is fine. */
export function validateFlow(flow: FlowDraft): string[] {
  const problems: string[] = [];
  if (!flow.name.trim()) problems.push(v.name);
  if (!flow.nodes.some((node) => node.type === 'agent')) problems.push(v.noAgents);
  if (flow.nodes.filter((node) => node.type === 'synthesis').length !== 1) problems.push(v.synthesis);
  const agentCount = flow.nodes.filter((node) => node.type === 'agent').length;
  if (stages(flow).flat().length !== agentCount) problems.push(v.cycle);
  return problems;
}

/**
 * The flow as saved: agents that lead nowhere feed the synthesis (so the graph always ends in it),
 * and edges to nodes that are gone are dropped.
 */
export function normaliseForSave(flow: FlowDraft): FlowDraft {
  const ids = new Set(flow.nodes.map((node) => node.id));
  const synthesis = flow.nodes.find((node) => node.type === 'synthesis');
  let edges = flow.edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target));
  if (synthesis) {
    for (const node of flow.nodes) {
      if (node.type !== 'agent') continue;
      if (!edges.some((edge) => edge.source === node.id)) edges = [...edges, { source: node.id, target: synthesis.id }];
    }
  }
  return { ...flow, name: flow.name.trim(), description: flow.description.trim(), edges };
}

export function nodeLabel(node: FlowNode, agents: FlowAgent[]): string {
  if (node.type === 'synthesis') return flowEditorStrings.nodes.synthesis;
  return agents.find((agent) => agent.id === node.agentId)?.name ?? node.agentId ?? node.id;
}
