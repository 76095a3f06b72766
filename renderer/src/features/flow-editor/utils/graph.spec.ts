import { addAgentNode, connect, emptyFlow, normaliseForSave, removeNode, stages, validateFlow, SYNTHESIS_ID } from './graph';

const withAgents = (...ids: string[]) => ids.reduce((flow, id) => addAgentNode(flow, id), { ...emptyFlow(), name: 'Alta de empresa' });

describe('flow graph', () => {
  it('a new flow has only the final synthesis; an agent is added once', () => {
    const flow = addAgentNode(addAgentNode(emptyFlow(), 'legal'), 'legal');
    expect(flow.nodes.map((node) => node.type)).toEqual(['synthesis', 'agent']);
  });

  it('refuses self loops, duplicates, edges out of the synthesis and cycles', () => {
    let flow = withAgents('a', 'b');
    expect(connect(flow, 'agent-a', 'agent-a').error).toBe('Un agente no puede conectarse consigo mismo');
    flow = connect(flow, 'agent-a', 'agent-b').flow;
    expect(connect(flow, 'agent-a', 'agent-b').error).toBe('Esa conexión ya existe');
    expect(connect(flow, 'agent-b', 'agent-a').error).toBe('Las conexiones no pueden formar un ciclo');
    expect(connect(flow, SYNTHESIS_ID, 'agent-a').error).toBe('La síntesis es el último paso: no puede ir hacia otro nodo');
  });

  it('orders agents in stages: unconnected ones in parallel, an edge makes one wait', () => {
    let flow = withAgents('a', 'b', 'c');
    expect(stages(flow).map((stage) => stage.map((node) => node.agentId))).toEqual([['a', 'b', 'c']]);
    flow = connect(flow, 'agent-a', 'agent-c').flow;
    flow = connect(flow, 'agent-b', 'agent-c').flow;
    expect(stages(flow).map((stage) => stage.map((node) => node.agentId))).toEqual([['a', 'b'], ['c']]);
  });

  it('needs a name and at least one agent', () => {
    expect(validateFlow(emptyFlow())).toEqual(['El flujo necesita un nombre', 'No agents selected for collaboration']);
    expect(validateFlow(withAgents('a'))).toEqual([]);
  });

  it('saved flows end in the synthesis: agents that lead nowhere feed it', () => {
    const flow = connect(withAgents('a', 'b'), 'agent-a', 'agent-b').flow;
    expect(normaliseForSave(flow).edges).toEqual([
      { source: 'agent-a', target: 'agent-b' },
      { source: 'agent-b', target: SYNTHESIS_ID },
    ]);
  });

  it('removing an agent removes its edges; the synthesis stays', () => {
    const flow = connect(withAgents('a', 'b'), 'agent-a', 'agent-b').flow;
    expect(removeNode(flow, 'agent-a').edges).toEqual([]);
    expect(removeNode(flow, SYNTHESIS_ID)).toBe(flow);
  });
});
