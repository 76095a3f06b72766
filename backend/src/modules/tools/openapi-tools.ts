import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenApiOperation, StoredTool } from './entities/tool-source.entity';
import { toolNameOf } from './tool-names';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const DOCUMENT_URL = 'nova-tool-document:///openapi';

export class OpenApiDocumentError extends Error {}

interface ParsedApi {
  servers?: { url: string }[];
  paths?: Record<string, Record<string, unknown> | undefined>;
}

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Record<string, unknown>;
}

interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Record<string, unknown> }> };
}

/**
 * An OpenAPI 3 document (JSON or YAML text) parsed and validated by @apidevtools/swagger-parser,
 * with its $refs resolved inside the document only (an external $ref is never fetched: that would
 * be a request the SSRF guard does not see). Each operation becomes a tool: its operationId (or
 * method and path) as the name, its parameters and JSON body as the arguments' schema.
 */
export async function openApiTools(text: string): Promise<{ tools: StoredTool[]; serverUrl: string | null }> {
  let api: ParsedApi;
  try {
    api = (await (SwaggerParser.validate as (...args: unknown[]) => Promise<unknown>)(DOCUMENT_URL, {
      resolve: {
        external: true,
        file: false,
        http: false,
        document: { order: 1, canRead: (file: { url: string }) => file.url === DOCUMENT_URL, read: () => text },
      },
      dereference: { circular: 'ignore' },
    } as never)) as ParsedApi;
  } catch (error) {
    throw new OpenApiDocumentError(`El documento OpenAPI no es válido: ${shortReason(error)}`);
  }
  if (!('openapi' in (api as object)) || !String((api as { openapi?: unknown }).openapi).startsWith('3.')) {
    throw new OpenApiDocumentError('El documento debe ser OpenAPI 3 (campo «openapi: 3.x»).');
  }
  const tools: StoredTool[] = [];
  const used = new Set<string>();
  for (const [path, item] of Object.entries(api.paths ?? {})) {
    if (!item) continue;
    const shared = (item.parameters as ParameterObject[] | undefined) ?? [];
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const parameters = mergeParameters(shared, operation.parameters ?? []);
      const properties: Record<string, unknown> = {};
      const required: string[] = [];
      for (const parameter of parameters) {
        properties[parameter.name] = { ...(parameter.schema ?? { type: 'string' }), ...(parameter.description ? { description: parameter.description } : {}) };
        if (parameter.required || parameter.in === 'path') required.push(parameter.name);
      }
      const bodySchema = jsonBodySchema(operation);
      if (bodySchema) {
        properties.body = bodySchema;
        if (operation.requestBody?.required) required.push('body');
      }
      const name = uniqueName(toolNameOf(operation.operationId ?? `${method}_${path}`), used);
      const op: OpenApiOperation = {
        method: method.toUpperCase(),
        path,
        parameters: parameters.map((parameter) => ({ name: parameter.name, in: parameter.in })),
        hasBody: Boolean(bodySchema),
      };
      tools.push({
        name,
        description: (operation.summary ?? operation.description ?? `${method.toUpperCase()} ${path}`).slice(0, 1000),
        inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}) },
        enabled: false,
        requiresConfirmation: false,
        operation: op,
      });
    }
  }
  const serverUrl = api.servers?.[0]?.url ?? null;
  return { tools, serverUrl: serverUrl && /^https?:\/\//i.test(serverUrl) ? serverUrl : null };
}

function mergeParameters(shared: ParameterObject[], own: ParameterObject[]): ParameterObject[] {
  const byKey = new Map<string, ParameterObject>();
  for (const parameter of [...shared, ...own]) if (parameter?.name && parameter.in) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  return [...byKey.values()].filter((parameter) => parameter.name !== 'body');
}

function jsonBodySchema(operation: OperationObject): Record<string, unknown> | null {
  const content = operation.requestBody?.content;
  if (!content) return null;
  const json = Object.entries(content).find(([type]) => /^application\/(.+\+)?json/i.test(type));
  return json ? (json[1].schema ?? { type: 'object' }) : null;
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let index = 2; used.has(candidate); index++) candidate = `${name.slice(0, 60)}_${index}`;
  used.add(candidate);
  return candidate;
}

function shortReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0].slice(0, 300);
}
