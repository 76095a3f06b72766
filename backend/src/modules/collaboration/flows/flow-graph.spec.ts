import type { FlowNode } from '../entities/collaboration-flow.entity';
import { planOf } from './flow-graph';

const at = { x: 0, y: 0 };
const agentNode = (id: string, agentId = `agente-${id}`): FlowNode => ({ id, type: 'agent', agentId, position: at });
const synthesis: FlowNode = { id: 's', type: 'synthesis', position: at };

describe('a flow’s steps', () => {
  it('runs agents joined by edges one after another and siblings together', () => {
    const nodes = [agentNode('a'), agentNode('b'), agentNode('c'), synthesis];
    const edges = [
      { source: 'a', target: 'b' },
      { source: 'a', target: 'c' },
      { source: 'b', target: 's' },
      { source: 'c', target: 's' },
    ];
    expect(planOf(nodes, edges)).toEqual([['agente-a'], ['agente-b', 'agente-c']]);
  });

  it('puts an agent after the longest chain before it', () => {
    const nodes = [agentNode('a'), agentNode('b'), agentNode('c'), synthesis];
    const edges = [
      { source: 'a', target: 'b' },
      { source: 'b', target: 'c' },
      { source: 'a', target: 'c' },
    ];
    expect(planOf(nodes, edges)).toEqual([['agente-a'], ['agente-b'], ['agente-c']]);
  });

  it.each([
    ['a cycle', [agentNode('a'), agentNode('b'), synthesis], [{ source: 'a', target: 'b' }, { source: 'b', target: 'a' }], 'tiene un ciclo'],
    ['no synthesis node', [agentNode('a')], [], 'debe tener exactamente un nodo de síntesis'],
    ['two synthesis nodes', [agentNode('a'), synthesis, { ...synthesis, id: 's2' }], [], 'debe tener exactamente un nodo de síntesis'],
    ['no agent', [synthesis], [], 'necesita al menos un agente'],
    ['an edge to nowhere', [agentNode('a'), synthesis], [{ source: 'a', target: 'x' }], 'una conexión une nodos que no existen'],
    ['an edge out of the synthesis', [agentNode('a'), synthesis], [{ source: 's', target: 'a' }], 'el nodo de síntesis es el último: no puede tener salidas'],
    ['an agent twice', [agentNode('a', 'x'), agentNode('b', 'x'), synthesis], [], 'un agente solo puede aparecer una vez'],
  ])('refuses %s', (_name, nodes, edges, reason) => {
    expect(() => planOf(nodes as FlowNode[], edges)).toThrow(reason);
  });
});
