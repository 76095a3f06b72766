import type { FlowEdge, FlowNode } from '../entities/collaboration-flow.entity';
import type { RunPlan } from '../run/run-types';

export const FLOW_MAX_NODES = 30;

/**
 * Checks a flow (agents as nodes, edges as 'after this, that', one final synthesis node) and
 * answers its steps: each agent's step is the longest chain of agents before it, so agents joined
 * by edges run one after another and siblings run together. Throws the reason, in Spanish.
 */
export function planOf(nodes: readonly FlowNode[], edges: readonly FlowEdge[]): RunPlan {
  if (nodes.length === 0) throw new Error('no tiene nodos');
  if (nodes.length > FLOW_MAX_NODES) throw new Error(`admite como máximo ${FLOW_MAX_NODES} nodos`);
  const byId = new Map<string, FlowNode>();
  for (const node of nodes) {
    if (byId.has(node.id)) throw new Error(`el nodo «${node.id}» está repetido`);
    byId.set(node.id, node);
  }
  const synthesis = nodes.filter((node) => node.type === 'synthesis');
  if (synthesis.length !== 1) throw new Error('debe tener exactamente un nodo de síntesis');
  const agentNodes = nodes.filter((node) => node.type === 'agent');
  if (agentNodes.length === 0) throw new Error('necesita al menos un agente');
  const agentIds = agentNodes.map((node) => node.agentId);
  if (agentIds.some((id) => !id)) throw new Error('cada nodo de agente necesita un agentId');
  if (new Set(agentIds).size !== agentIds.length) throw new Error('un agente solo puede aparecer una vez');

  const incoming = new Map<string, string[]>(nodes.map((node) => [node.id, []]));
  for (const edge of edges) {
    if (!byId.has(edge.source) || !byId.has(edge.target)) throw new Error('una conexión une nodos que no existen');
    if (edge.source === edge.target) throw new Error('un nodo no puede conectarse consigo mismo');
    if (byId.get(edge.source)!.type === 'synthesis') throw new Error('el nodo de síntesis es el último: no puede tener salidas');
    incoming.get(edge.target)!.push(edge.source);
  }

  // Depth by the longest chain before each node; a node met again on its own chain is a cycle.
  const depth = new Map<string, number>();
  const visiting = new Set<string>();
  const depthOf = (id: string): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) throw new Error('tiene un ciclo');
    visiting.add(id);
    const before = incoming.get(id)!.filter((source) => byId.get(source)!.type === 'agent');
    const value = before.length === 0 ? 0 : Math.max(...before.map(depthOf)) + 1;
    visiting.delete(id);
    depth.set(id, value);
    return value;
  };
  for (const node of nodes) depthOf(node.id);

  const steps: string[][] = [];
  for (const node of agentNodes) (steps[depth.get(node.id)!] ??= []).push(node.agentId!);
  return steps.filter((step) => step !== undefined);
}
