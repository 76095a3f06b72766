import { Column, Entity, PrimaryColumn } from 'typeorm';

export type ToolSourceType = 'mcp' | 'openapi';
export type ToolSourceStatus = 'ready' | 'failed';
export type ToolAuthType = 'none' | 'bearer' | 'header';

/** How an OpenAPI operation is called (kept with the tool it became). */
export interface OpenApiOperation {
  method: string;
  path: string;
  /** Its parameters by place; the body's properties are the arguments' `body`. */
  parameters: { name: string; in: 'path' | 'query' | 'header' | 'cookie' }[];
  hasBody: boolean;
}

/** One tool a source offers, as discovered, with the builder's switches. */
export interface StoredTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  enabled: boolean;
  requiresConfirmation: boolean;
  operation?: OpenApiOperation;
  /** The MCP tool's own name, when it had to change to be offered to a model. */
  remoteName?: string;
}

/** An MCP server or an OpenAPI-described HTTP API an agent's creator connected (issue 33). */
@Entity('tool_sources')
export class ToolSource {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  @Column({ type: 'varchar', length: 16 })
  type: ToolSourceType;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** The MCP server's endpoint; null for OpenAPI. */
  @Column({ type: 'text', nullable: true })
  url: string | null;

  /** The OpenAPI document as given (JSON or YAML); null for MCP. */
  @Column({ type: 'text', nullable: true })
  openapi: string | null;

  /** Where the API's operations are called; null: the document's first server. */
  @Column({ name: 'base_url', type: 'text', nullable: true })
  baseUrl: string | null;

  @Column({ name: 'auth_type', type: 'varchar', length: 16 })
  authType: ToolAuthType;

  @Column({ name: 'auth_header_name', type: 'varchar', length: 100, nullable: true })
  authHeaderName: string | null;

  /** The credential, AES-256-GCM encrypted (tool-secrets.ts); never returned. */
  @Column({ name: 'auth_secret', type: 'text', nullable: true })
  authSecret: string | null;

  /** The credential's last four characters, what the API shows ('••••abcd'). */
  @Column({ name: 'auth_hint', type: 'varchar', length: 8, nullable: true })
  authHint: string | null;

  @Column({ type: 'varchar', length: 16 })
  status: ToolSourceStatus;

  /** Why discovery failed, in Spanish; null when ready. */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** The tools found (JSON of StoredTool[]). */
  @Column({ type: 'simple-json' })
  tools: StoredTool[];

  /** Bumped by every change; a change applies only to the version it read (ToolsService). */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;

  @Column({ name: 'updated_at', type: Date })
  updatedAt: Date;
}
