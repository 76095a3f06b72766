import { Inject, Injectable, Logger } from '@nestjs/common';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { type GuardedFetch, guardedFetch, OutboundRefusedError, type OutboundPolicy } from '../../common/net/ssrf-guard';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { ToolCallOutcome } from './agent-toolbox';
import type { StoredTool, ToolSource } from './entities/tool-source.entity';
import { OpenApiDocumentError, openApiTools } from './openapi-tools';
import { toolNameOf } from './tool-names';

/** Each call (and each discovery) gives up after this long. */
export const TOOL_CALL_TIMEOUT_MS = 20_000;
/** A tool's answer is cut beyond this many bytes, and the cut is said. */
export const TOOL_OUTPUT_MAX_BYTES = 1024 * 1024;
export const TRUNCATED_NOTE = '(respuesta recortada: supera 1 MB)';
const MAX_TOOLS_PER_SOURCE = 128;
/** What an MCP server may send in one exchange (its JSON is parsed whole, then the text cut at 1 MB). */
export const MCP_RESPONSE_MAX_BYTES = 8 * 1024 * 1024;
const MCP_TOO_LARGE = 'La respuesta del servidor MCP supera los 8 MB.';

/** What a source needs to be reached: where, and its credential (decrypted, in memory only). */
export interface SourceAccess {
  source: Pick<ToolSource, 'type' | 'url' | 'openapi' | 'baseUrl' | 'authType' | 'authHeaderName'>;
  secret: string | null;
}

export type Discovery = { status: 'ready'; tools: StoredTool[]; baseUrl?: string | null } | { status: 'failed'; error: string };

/**
 * Reaches tool sources: discovers their tools (MCP through the official SDK client, Streamable
 * HTTP first and SSE as the fallback; OpenAPI from the document) and calls one of them, every
 * request through the SSRF guard, with the time and size limits. Failures come back as outcomes
 * (Spanish), never as exceptions.
 */
@Injectable()
export class ToolRunner {
  private readonly logger = new Logger(ToolRunner.name);
  private readonly fetch: GuardedFetch;
  private readonly mcpFetch: GuardedFetch;
  private readonly ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  private readonly validators = new Map<string, ValidateFunction | null>();
  /** The per-call limit (tests shorten it). */
  timeoutMs = TOOL_CALL_TIMEOUT_MS;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const policy: OutboundPolicy = { allowedHosts: config.tools.allowedHosts };
    this.fetch = guardedFetch(policy);
    this.mcpFetch = capped(this.fetch, MCP_RESPONSE_MAX_BYTES);
  }

  async discover(access: SourceAccess): Promise<Discovery> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      if (access.source.type === 'openapi') {
        const { tools, serverUrl } = await openApiTools(access.source.openapi ?? '');
        const baseUrl = access.source.baseUrl ?? serverUrl;
        if (!baseUrl) return { status: 'failed', error: 'Indica la URL base de la API: el documento no tiene ningún servidor con http:// o https://.' };
        return { status: 'ready', tools: tools.slice(0, MAX_TOOLS_PER_SOURCE), baseUrl };
      }
      const listed = await this.withMcp(access, signal, (client) => client.listTools(undefined, { signal, timeout: this.timeoutMs }));
      const used = new Set<string>();
      const tools = listed.tools.slice(0, MAX_TOOLS_PER_SOURCE).map((tool): StoredTool => {
        let name = toolNameOf(tool.name);
        for (let index = 2; used.has(name); index++) name = `${toolNameOf(tool.name).slice(0, 60)}_${index}`;
        used.add(name);
        return {
          name,
          description: (tool.description ?? tool.title ?? '').slice(0, 1000),
          inputSchema: (tool.inputSchema as Record<string, unknown>) ?? { type: 'object' },
          enabled: false,
          requiresConfirmation: false,
          ...(name !== tool.name ? { remoteName: tool.name } : {}),
        };
      });
      return { status: 'ready', tools };
    } catch (error) {
      if (error instanceof OpenApiDocumentError) return { status: 'failed', error: error.message };
      return { status: 'failed', error: this.failure(error, signal, 'No se pudo obtener la lista de herramientas') };
    }
  }

  /** Validates the arguments against the tool's schema and runs it. */
  async call(access: SourceAccess, tool: StoredTool, rawArgs: unknown, callerSignal?: AbortSignal): Promise<ToolCallOutcome> {
    const args = parseArguments(rawArgs);
    if (args === null) return { ok: false, output: 'Los argumentos de la herramienta deben ser un objeto JSON.' };
    const invalid = this.invalidArguments(tool, args);
    if (invalid) return { ok: false, output: invalid };
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    try {
      if (access.source.type === 'openapi') return await this.callOpenApi(access, tool, args, signal);
      return await this.callMcp(access, tool, args, signal);
    } catch (error) {
      return { ok: false, output: this.failure(error, signal, 'No se pudo llamar a la herramienta') };
    }
  }

  private async callMcp(access: SourceAccess, tool: StoredTool, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolCallOutcome> {
    const result = await this.withMcp(access, signal, (client) =>
      client.callTool({ name: tool.remoteName ?? tool.name, arguments: args }, undefined, { signal, timeout: this.timeoutMs }),
    );
    const parts: string[] = [];
    const content = (result.content as { type: string; text?: string; resource?: { text?: string; uri?: string } }[] | undefined) ?? [];
    for (const part of content) {
      if (part.type === 'text' && typeof part.text === 'string') parts.push(part.text);
      else if (part.type === 'resource' && part.resource) parts.push(part.resource.text ?? part.resource.uri ?? '');
      else parts.push(`[${part.type}]`);
    }
    if (parts.length === 0 && result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent));
    const { text, truncated } = cut(Buffer.from(parts.join('\n'), 'utf8'), false);
    if (result.isError) return { ok: false, output: `La herramienta devolvió un error: ${text}`, ...(truncated ? { truncated } : {}) };
    return { ok: true, output: text, ...(truncated ? { truncated } : {}) };
  }

  private async callOpenApi(access: SourceAccess, tool: StoredTool, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolCallOutcome> {
    const operation = tool.operation;
    const base = access.source.baseUrl;
    if (!operation || !base) return { ok: false, output: 'La herramienta no tiene una operación que llamar.' };
    let path = operation.path;
    const query = new URLSearchParams();
    const headers = new Headers(this.authHeaders(access));
    headers.set('accept', 'application/json, text/plain;q=0.9, */*;q=0.5');
    for (const parameter of operation.parameters) {
      const value = args[parameter.name];
      if (value === undefined || value === null) continue;
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(text));
      else if (parameter.in === 'query') {
        if (Array.isArray(value)) for (const item of value) query.append(parameter.name, typeof item === 'string' ? item : JSON.stringify(item));
        else query.append(parameter.name, text);
      } else if (parameter.in === 'header') headers.set(parameter.name, text);
    }
    const url = new URL(base.replace(/\/+$/, '') + path);
    for (const [name, value] of query) url.searchParams.append(name, value);
    let body: string | undefined;
    if (operation.hasBody && args.body !== undefined) {
      body = JSON.stringify(args.body);
      headers.set('content-type', 'application/json');
    }
    const response = await this.fetch(url, { method: operation.method, headers, body, signal });
    const { text, truncated } = await readCapped(response);
    if (!response.ok) {
      const detail = text.trim() ? `: ${text.trim().slice(0, 2000)}` : '.';
      return { ok: false, output: `La herramienta respondió con un error (HTTP ${response.status})${detail}` };
    }
    return { ok: true, output: text, ...(truncated ? { truncated } : {}) };
  }

  private authHeaders(access: SourceAccess): Record<string, string> {
    if (!access.secret) return {};
    if (access.source.authType === 'bearer') return { authorization: `Bearer ${access.secret}` };
    if (access.source.authType === 'header' && access.source.authHeaderName) return { [access.source.authHeaderName]: access.secret };
    return {};
  }

  /** Connects with Streamable HTTP, or with SSE when the server does not speak it; closes after `use`. */
  private async withMcp<T>(access: SourceAccess, signal: AbortSignal, use: (client: Client) => Promise<T>): Promise<T> {
    const url = new URL(access.source.url ?? '');
    const requestInit = { headers: this.authHeaders(access) };
    let client = new Client({ name: 'nova-agents', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(url, { fetch: this.mcpFetch, requestInit }), { signal, timeout: this.timeoutMs });
    } catch (error) {
      await client.close().catch(() => undefined);
      if (refusal(error) || signal.aborted) throw error;
      client = new Client({ name: 'nova-agents', version: '1.0.0' });
      try {
        await client.connect(new SSEClientTransport(url, { fetch: this.mcpFetch, requestInit }), { signal, timeout: this.timeoutMs });
      } catch (sseError) {
        await client.close().catch(() => undefined);
        throw refusal(sseError) ? sseError : error;
      }
    }
    try {
      return await use(client);
    } finally {
      await client.close().catch(() => undefined);
    }
  }

  private invalidArguments(tool: StoredTool, args: Record<string, unknown>): string | null {
    const key = JSON.stringify(tool.inputSchema);
    let validate = this.validators.get(key);
    if (validate === undefined) {
      try {
        validate = this.ajv.compile(tool.inputSchema);
      } catch {
        validate = null; // a schema ajv cannot read: the tool itself judges its arguments
      }
      if (this.validators.size > 1000) this.validators.clear();
      this.validators.set(key, validate);
    }
    if (!validate || validate(args)) return null;
    return `Los argumentos no son válidos: ${describeErrors(validate.errors ?? [])}`;
  }

  private failure(error: unknown, signal: AbortSignal, what: string): string {
    const refused = refusal(error);
    if (refused) return refused.message;
    if (tooLarge(error)) return MCP_TOO_LARGE;
    if (signal.aborted) return `La herramienta no respondió en ${Math.round(this.timeoutMs / 1000)} s.`;
    this.logger.warn(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    // The SDK's transport errors carry the HTTP status as `code`.
    const code = (error as { code?: unknown } | null)?.code;
    const status = typeof code === 'number' && code >= 400 && code < 600 ? code : /HTTP (\d{3})/.exec(error instanceof Error ? error.message : '')?.[1];
    return status ? `${what}: el servidor respondió con HTTP ${status}.` : `${what}: el servidor no responde o no es un servidor de herramientas.`;
  }
}

class ResponseTooLargeError extends Error {}

function tooLarge(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof ResponseTooLargeError || (current instanceof Error && current.message.includes(MCP_TOO_LARGE))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A fetch whose response bodies fail past `maxBytes` (counted over the whole body, a stream too). */
function capped(fetch: GuardedFetch, maxBytes: number): GuardedFetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body || [101, 204, 205, 304].includes(response.status)) return response;
    let size = 0;
    const limiter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxBytes) controller.error(new ResponseTooLargeError(MCP_TOO_LARGE));
        else controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(limiter), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** The guard's refusal, wherever the SDK wrapped it. */
function refusal(error: unknown): OutboundRefusedError | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof OutboundRefusedError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function parseArguments(raw: unknown): Record<string, unknown> | null {
  let value = raw ?? {};
  if (typeof value === 'string') {
    try {
      value = value.trim() ? JSON.parse(value) : {};
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function describeErrors(errors: ErrorObject[]): string {
  return errors
    .slice(0, 3)
    .map((error) => {
      const where = error.instancePath ? `«${error.instancePath.slice(1).replace(/\//g, '.')}»` : 'los argumentos';
      switch (error.keyword) {
        case 'required':
          return `falta «${(error.params as { missingProperty: string }).missingProperty}»`;
        case 'type':
          return `${where} debe ser de tipo ${(error.params as { type: string }).type}`;
        case 'enum':
          return `${where} debe ser uno de: ${((error.params as { allowedValues: unknown[] }).allowedValues ?? []).map(String).join(', ')}`;
        case 'additionalProperties':
          return `«${(error.params as { additionalProperty: string }).additionalProperty}» no es un argumento de la herramienta`;
        default:
          return `${where} no es válido`;
      }
    })
    .join('; ');
}

/** Reads at most 1 MB of the answer; the rest is left unread. */
async function readCapped(response: Response): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(Buffer.from(value));
    size += value.byteLength;
    if (size > TOOL_OUTPUT_MAX_BYTES) {
      over = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return cut(Buffer.concat(chunks), over);
}

function cut(bytes: Buffer, over: boolean): { text: string; truncated: boolean } {
  if (!over && bytes.length <= TOOL_OUTPUT_MAX_BYTES) return { text: bytes.toString('utf8'), truncated: false };
  // Cut on a character boundary (a lone continuation byte would decode as U+FFFD).
  let end = TOOL_OUTPUT_MAX_BYTES;
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return { text: `${bytes.subarray(0, end).toString('utf8')}\n${TRUNCATED_NOTE}`, truncated: true };
}
