import { Column, Entity, PrimaryColumn } from 'typeorm';

export interface FlowNode {
  id: string;
  type: 'agent' | 'synthesis';
  agentId?: string;
  position: { x: number; y: number };
}

export interface FlowEdge {
  source: string;
  target: string;
}

/** A saved flow of the flow editor (the agent state slice's savedFlows). */
@Entity('collaboration_flows')
export class CollaborationFlow {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'is_template', type: 'boolean', default: false })
  isTemplate: boolean;

  @Column({ type: 'simple-json' })
  nodes: FlowNode[];

  @Column({ type: 'simple-json' })
  edges: FlowEdge[];

  @Column({ name: 'owner_sub', type: 'varchar', length: 64 })
  ownerSub: string;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;

  @Column({ name: 'updated_at', type: Date })
  updatedAt: Date;
}
