// React Flow and its stylesheet load only with the editor: this module is its own lazy chunk.
import '@xyflow/react/dist/style.css';
import {
  Background,
  Controls,
  MarkerType,
  ReactFlow,
  useNodesInitialized,
  useNodesState,
  useReactFlow,
  type AriaLabelConfig,
  type Connection,
  type Edge,
  type EdgeChange,
  type FitViewOptions,
  type Node,
} from '@xyflow/react';
import { useEffect, useMemo } from 'react';
import { flowEditorStrings } from '../strings';
import type { FlowAgent } from '../api/flowQueries';
import type { FlowDraft } from '../draft';
import { nodeLabel } from '../utils/graph';

export interface FlowCanvasProps {
  flow: FlowDraft;
  agents: FlowAgent[];
  onMove: (nodeId: string, position: { x: number; y: number }) => void;
  onConnect: (source: string, target: string) => void;
  onDisconnect: (source: string, target: string) => void;
  onRemoveNode: (nodeId: string) => void;
}

const labels = flowEditorStrings.canvasLabels;

/** React Flow's labels and tooltips in Spanish (its controls' buttons take their title from these too). */
export const CANVAS_ARIA_LABELS: Partial<AriaLabelConfig> = {
  'controls.ariaLabel': labels.controls,
  'controls.zoomIn.ariaLabel': labels.zoomIn,
  'controls.zoomOut.ariaLabel': labels.zoomOut,
  'controls.fitView.ariaLabel': labels.fitView,
  'controls.interactive.ariaLabel': labels.interactive,
  'minimap.ariaLabel': labels.miniMap,
  'handle.ariaLabel': labels.handle,
  'node.a11yDescription.default': labels.node,
  'node.a11yDescription.keyboardDisabled': labels.nodeKeyboard,
  'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) => labels.moved(labels.directions[direction] ?? direction, x, y),
  'edge.a11yDescription.default': labels.edge,
};

/** Below this zoom a node's name (12 px) is too small to read: nobody zooms out further. */
export const MIN_ZOOM = 0.6;
/**
 * 'Ajustar el flujo al lienzo' (and the fit when the flow's nodes change) keeps the names readable:
 * never smaller than 0.8 (a flow too big for that is panned), never bigger than 1.25 (one node alone
 * is not blown up), with room around the nodes.
 */
export const FIT_VIEW_OPTIONS: FitViewOptions = { padding: 0.15, minZoom: 0.8, maxZoom: 1.25 };

/** The canvas is as tall as the flow needs at a readable zoom, within these bounds (px). */
export const CANVAS_MIN_HEIGHT = 420;
export const CANVAS_MAX_HEIGHT = 720;
/** A default node's height plus the room above and below it. */
const NODE_ROOM = 160;

/** The canvas's height for the flow: its nodes' vertical extent plus room, between the bounds. */
export function canvasHeight(flow: FlowDraft): number {
  const ys = flow.nodes.map((node) => node.position.y);
  const extent = ys.length > 0 ? Math.max(...ys) - Math.min(...ys) : 0;
  return Math.min(CANVAS_MAX_HEIGHT, Math.max(CANVAS_MIN_HEIGHT, Math.round(extent + NODE_ROOM)));
}

const toNodes = (flow: FlowDraft, agents: FlowAgent[], previous: Node[] = []): Node[] =>
  flow.nodes.map((node) => {
    const before = previous.find((item) => item.id === node.id);
    return {
      ...(before ?? {}),
      id: node.id,
      position: node.position,
      data: { label: nodeLabel(node, agents) },
      type: node.type === 'synthesis' ? 'output' : 'default',
      deletable: node.type !== 'synthesis',
      ariaLabel: nodeLabel(node, agents),
    };
  });

/**
 * Fits the flow in the canvas again when its nodes change (a flow loaded, an agent added or
 * removed), once React Flow has measured them; moving a node leaves the view where it is.
 */
function FitWhenNodesChange({ nodeIds }: { nodeIds: string }) {
  const { fitView } = useReactFlow();
  const measured = useNodesInitialized();
  useEffect(() => {
    if (measured) void fitView(FIT_VIEW_OPTIONS);
  }, [nodeIds, measured, fitView]);
  return null;
}

/** The graph drawn with React Flow: drag nodes, draw an edge from one node's handle to another's. */
export default function FlowCanvas({ flow, agents, onMove, onConnect, onDisconnect, onRemoveNode }: FlowCanvasProps) {
  const [nodes, setNodes, onNodesChange] = useNodesState<Node>(toNodes(flow, agents));
  useEffect(() => {
    setNodes((previous) => toNodes(flow, agents, previous));
  }, [flow, agents, setNodes]);

  const edges: Edge[] = useMemo(
    () =>
      flow.edges.map((edge) => ({
        id: `${edge.source}->${edge.target}`,
        source: edge.source,
        target: edge.target,
        markerEnd: { type: MarkerType.ArrowClosed },
      })),
    [flow.edges],
  );

  const onEdgesChange = (changes: EdgeChange[]) => {
    for (const change of changes) {
      if (change.type !== 'remove') continue;
      const edge = edges.find((item) => item.id === change.id);
      if (edge) onDisconnect(edge.source, edge.target);
    }
  };

  const nodeIds = flow.nodes.map((node) => node.id).join(' ');

  return (
    <div className="flow-canvas" role="region" aria-label={flowEditorStrings.canvas} style={{ height: canvasHeight(flow) }}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        colorMode="dark"
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onNodeDragStop={(_, node) => onMove(node.id, { x: Math.round(node.position.x), y: Math.round(node.position.y) })}
        onNodesDelete={(deleted) => deleted.forEach((node) => onRemoveNode(node.id))}
        onConnect={(connection: Connection) => {
          if (connection.source && connection.target) onConnect(connection.source, connection.target);
        }}
        deleteKeyCode={['Backspace', 'Delete']}
        minZoom={MIN_ZOOM}
        fitView
        fitViewOptions={FIT_VIEW_OPTIONS}
        ariaLabelConfig={CANVAS_ARIA_LABELS}
      >
        <Background />
        <Controls fitViewOptions={FIT_VIEW_OPTIONS} />
        <FitWhenNodesChange nodeIds={`${flow.id ?? ''}:${nodeIds}`} />
      </ReactFlow>
    </div>
  );
}
