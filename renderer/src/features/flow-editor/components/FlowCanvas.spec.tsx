import { render, screen, within } from '@testing-library/react';
import type { FitViewOptions } from '@xyflow/react';
import type { FlowAgent } from '../api/flowQueries';
import type { FlowDraft } from '../draft';
import FlowCanvas, { CANVAS_MAX_HEIGHT, CANVAS_MIN_HEIGHT } from './FlowCanvas';

// React Flow measures and transforms nodes with browser APIs jsdom lacks.
class DOMMatrixStub {
  m22 = 1;
  constructor(_transform?: string) {}
}
Object.assign(window, { DOMMatrixReadOnly: DOMMatrixStub, DOMMatrix: DOMMatrixStub });

// What the canvas hands React Flow, and the fits it asks for. jsdom lays nothing out, so the nodes
// count as measured and fitView only records its options.
const fitView = jest.fn((_options?: FitViewOptions) => Promise.resolve(true));
const flowProps: Record<string, unknown>[] = [];
const controlsProps: Record<string, unknown>[] = [];
jest.mock('@xyflow/react', () => {
  const actual = jest.requireActual<typeof import('@xyflow/react')>('@xyflow/react');
  const react = jest.requireActual<typeof import('react')>('react');
  return {
    ...actual,
    ReactFlow: (props: Record<string, unknown>) => {
      flowProps.push(props);
      return react.createElement(actual.ReactFlow, props);
    },
    Controls: (props: Record<string, unknown>) => {
      controlsProps.push(props);
      return react.createElement(actual.Controls, props);
    },
    useNodesInitialized: () => true,
    useReactFlow: () => ({ ...actual.useReactFlow(), fitView }),
  };
});

const agents: FlowAgent[] = [
  { id: 'legal', name: 'Asesor Legal', category: 'legal' },
  { id: 'fiscal', name: 'Asesor Fiscal', category: 'finance' },
];

const flow = (agentCount: number): FlowDraft => ({
  name: 'Alta de empresa',
  description: '',
  isTemplate: false,
  nodes: [
    { id: 'synthesis', type: 'synthesis', position: { x: 400, y: 150 } },
    ...agents.slice(0, agentCount).map((agent, index) => ({
      id: `agent-${agent.id}`,
      type: 'agent' as const,
      agentId: agent.id,
      position: { x: 50, y: 40 + index * 110 },
    })),
  ],
  edges: [],
});

const noop = () => undefined;
const renderCanvas = (draft: FlowDraft) =>
  render(<FlowCanvas flow={draft} agents={agents} onMove={noop} onConnect={noop} onDisconnect={noop} onRemoveNode={noop} />);

beforeEach(() => {
  fitView.mockClear();
  flowProps.length = 0;
  controlsProps.length = 0;
});

describe('the flow canvas', () => {
  it("names its controls in Spanish, their tooltips too (none of React Flow's English)", () => {
    const { container } = renderCanvas(flow(2));
    const canvas = screen.getByRole('region', { name: 'Lienzo del flujo' });
    for (const name of ['Acercar', 'Alejar', 'Ajustar el flujo al lienzo', 'Bloquear o desbloquear la edición del lienzo']) {
      expect(within(canvas).getByRole('button', { name })).toHaveAttribute('title', name);
    }
    expect(container.querySelector('.react-flow__controls')).toHaveAttribute('aria-label', 'Controles del lienzo');
    // What a screen reader is told about the nodes and connections.
    expect(screen.getByText(/^Pulsa Intro o la barra espaciadora para seleccionar un nodo/)).toBeInTheDocument();
    expect(screen.getByText(/^Pulsa Intro o la barra espaciadora para seleccionar una conexión/)).toBeInTheDocument();
    const english = /zoom in|zoom out|fit view|toggle interactivity|control panel|press enter/i;
    expect(container.textContent).not.toMatch(english);
    for (const element of container.querySelectorAll('[aria-label], [title]')) {
      expect(`${element.getAttribute('aria-label') ?? ''} ${element.getAttribute('title') ?? ''}`).not.toMatch(english);
    }
  });

  it('fits the flow with room around it and never below a readable zoom, from the start and from its fit button', () => {
    renderCanvas(flow(2));
    const props = flowProps.at(-1)!;
    const options = props.fitViewOptions as FitViewOptions;
    expect(props.fitView).toBe(true);
    expect(options.padding).toBeGreaterThan(0);
    expect(options.minZoom).toBeGreaterThanOrEqual(0.75);
    expect(options.maxZoom).toBeLessThanOrEqual(1.5);
    expect(props.minZoom).toBeGreaterThanOrEqual(0.5);
    expect(controlsProps.at(-1)!.fitViewOptions).toEqual(options);
  });

  it('fits the flow again when an agent is added, not when a node is moved', () => {
    const { rerender } = renderCanvas(flow(1));
    const options = flowProps.at(-1)!.fitViewOptions;
    fitView.mockClear();
    const two = flow(2);
    rerender(<FlowCanvas flow={two} agents={agents} onMove={noop} onConnect={noop} onDisconnect={noop} onRemoveNode={noop} />);
    expect(fitView).toHaveBeenCalledTimes(1);
    expect(fitView).toHaveBeenCalledWith(options);

    fitView.mockClear();
    const moved = { ...two, nodes: two.nodes.map((node) => (node.id === 'agent-legal' ? { ...node, position: { x: 120, y: 60 } } : node)) };
    rerender(<FlowCanvas flow={moved} agents={agents} onMove={noop} onConnect={noop} onDisconnect={noop} onRemoveNode={noop} />);
    expect(fitView).not.toHaveBeenCalled();
  });

  it('is as tall as the flow needs, within its bounds', () => {
    const { unmount } = renderCanvas(flow(1));
    expect(screen.getByRole('region', { name: 'Lienzo del flujo' })).toHaveStyle({ height: `${CANVAS_MIN_HEIGHT}px` });
    unmount();

    const tall = flow(2);
    tall.nodes.push(...[2, 3, 4, 5].map((index) => ({ id: `agent-${index}`, type: 'agent' as const, agentId: `a${index}`, position: { x: 50, y: 40 + index * 110 } })));
    renderCanvas(tall);
    // From y 40 to y 590: 550 px of nodes and the room above and below them.
    const height = parseInt(screen.getByRole('region', { name: 'Lienzo del flujo' }).style.height, 10);
    expect(height).toBeGreaterThan(550);
    expect(height).toBeLessThanOrEqual(CANVAS_MAX_HEIGHT);
  });
});
