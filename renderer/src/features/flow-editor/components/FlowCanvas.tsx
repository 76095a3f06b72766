// React Flow and its stylesheet load only with the editor: this module is its own lazy chunk.
import '@xyflow/react/dist/style.css';
import {
  Background,
  Controls,
  MarkerType,
  ReactFlow,
  useNodesState,
  type Connection,
  type Edge,
  type EdgeChange,
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

  return (
    <div className="flow-canvas" role="region" aria-label={flowEditorStrings.canvas}>
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
        fitView
      >
        <Background />
        <Controls />
      </ReactFlow>
    </div>
  );
}
