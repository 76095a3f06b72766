import { All, Body, Controller, Get, HttpCode, HttpStatus, Inject, Logger, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExcludeEndpoint,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiGatewayTimeoutResponse,
  ApiHeader,
  ApiNotAcceptableResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Response } from 'express';
import { z } from 'zod';
import { Public } from '../../common/auth/auth.decorators';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { DomainError } from '../../common/errors/domain-error';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';
import { SseWriter } from '../chat/sse';
import { AgentRunner, type PreparedCall } from './agent-runner';
import { ApiKeyGuard, type KeyedRequest } from './api-key.guard';
import { CallAdmission } from './call-admission';
import { agentCallOf, chunkOf, completionId, completionOf, usageOf } from './chat-completions';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from './idempotency-key';
import { ASK_AGENT_OUTPUT, sourcesText } from './mcp-tool';
import { ChatCompletionRequestDto, InvokeDto, InvokeResultDto } from './dto/publications.dto';
import { ChatCompletionContentPartDto, ChatCompletionDto, JsonRpcErrorDto, JsonRpcResponseDto, OpenAiErrorBodyDto, OpenAiModelListDto } from './dto/protocols.dto';
import type { ResolvedKey } from './key-resolver';
import { OpenAiErrorFilter } from './openai-error.filter';
import { MeteredHttpErrorFilter } from './metered-error.filter';
import { callFailureOf, INTERNAL_FAILURE, UnknownAgentModelError } from './publications.errors';


function wantsEventStream(request: KeyedRequest): boolean {
  return (request.headers.accept ?? '').split(',').some((type) => type.trim().toLowerCase().startsWith('text/event-stream'));
}

/** Stops the model when the caller goes away before the answer is complete. */
function abortOnClose(response: Response): AbortSignal {
  const abort = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) abort.abort();
  });
  return abort.signal;
}

const keyOf = (request: KeyedRequest): ResolvedKey => request.apiKey as ResolvedKey;

const KEY_REFUSED = 'Falta la clave de API, no es válida, está revocada o ha caducado';
const ACCOUNT_DISABLED = 'La cuenta dueña de la clave está desactivada';
const MODEL_UNAVAILABLE = 'El modelo del agente no está configurado en este despliegue';
const MODEL_FAILED = 'El proveedor del modelo falló';
const MODEL_TIMED_OUT = 'El modelo tardó demasiado en responder';
const IDEMPOTENT_RETRY_REFUSED =
  "Otro intento con la misma Idempotency-Key está en curso (code 'IdempotentCallRunning') o ya se respondió y se cobró ('IdempotentCallAnswered'): no se ejecuta ni se cobra";
/** The retries of one call are charged once (UsageMeter). */
const IDEMPOTENCY_KEY_HEADER = {
  name: IDEMPOTENCY_HEADER,
  required: false,
  description: 'Opcional: la misma en cada reintento de una llamada (1–255 caracteres ASCII visibles); una llamada respondida se cobra una sola vez por clave e Idempotency-Key, la reciba la instancia que la reciba',
};
/** The JSON answer, or with «Accept: text/event-stream» its events (the operation's description names them). */
const jsonOrEvents = (json: string, events: string) => ({
  'application/json': { schema: { $ref: json } },
  'text/event-stream': { schema: { type: 'string', description: events } },
});

/**
 * A published agent, called with one of its publication's keys (never a user's session): the
 * user token guard lets these routes through (@Public) and the user rate limits do not apply;
 * ApiKeyGuard checks the key and its own limits.
 */
@ApiTags('api-publica')
@ApiSecurity('api-key')
@ApiExtraModels(InvokeResultDto)
@ApiHeader({ name: 'Authorization', required: false, description: 'Bearer nova_sk_… (o la cabecera x-api-key)' })
@ApiUnauthorizedResponse({ type: ErrorBodyDto, description: KEY_REFUSED })
@ApiTooManyRequestsResponse({
  type: ErrorBodyDto,
  description:
    'Límite por minuto o cuota mensual de la clave, o consultas al modelo por minuto de todas las claves de la cuenta (Retry-After, RateLimit-Policy, RateLimit); o el proveedor del modelo está saturado',
})
@ApiForbiddenResponse({ type: ErrorBodyDto, description: ACCOUNT_DISABLED })
@ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Publicación desactivada' })
@Public()
@UseGuards(ApiKeyGuard)
@UseFilters(MeteredHttpErrorFilter)
@Controller('v1')
export class AgentApiController {
  private readonly logger = new Logger('Publications');

  constructor(
    private readonly runner: AgentRunner,
    private readonly admission: CallAdmission,
  ) {}

  @Post('agent/:id/invoke')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Pregunta al agente publicado',
    description: 'Con «Accept: text/event-stream» responde con eventos start {requestId, agentId, version}, delta {text}, done {output, agentId, version, usage, requestId, sources?} o error {message, statusCode}. sources (si el agente tiene documentos): [{documentId, documentName, page, snippet}], los fragmentos que recibió el modelo.',
  })
  @ApiProduces('application/json', 'text/event-stream')
  @ApiOkResponse({ description: 'La respuesta (JSON) o, con «Accept: text/event-stream», sus eventos', content: jsonOrEvents(getSchemaPath(InvokeResultDto), 'Eventos start, delta, done y error (ver la descripción)') })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Cuerpo no válido, o una llamada más larga de lo admitido' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'Esta clave de API no es de la publicación de este agente, o la cuenta dueña de la clave está desactivada' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Publicación desactivada, o un fileId que el dueño no puede leer' })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: MODEL_FAILED })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: MODEL_UNAVAILABLE })
  @ApiGatewayTimeoutResponse({ type: ErrorBodyDto, description: MODEL_TIMED_OUT })
  // The agent's id is checked against the key by ApiKeyGuard; the handler needs no copy of it.
  @ApiParam({ name: 'id', type: String, description: 'El id del agente publicado' })
  @ApiHeader(IDEMPOTENCY_KEY_HEADER)
  @ApiConflictResponse({ type: ErrorBodyDto, description: IDEMPOTENT_RETRY_REFUSED })
  async invoke(@Body() body: InvokeDto, @Req() request: KeyedRequest, @Res() response: Response): Promise<void> {
    const call = await this.runner.prepare(keyOf(request), { input: body.input, context: body.context, fileIds: body.fileIds, idempotencyKey: idempotencyKeyOf(request) });
    await this.admission.admit(call.key, response);
    await this.runner.claim(call);
    const signal = abortOnClose(response);
    if (!wantsEventStream(request)) {
      const result: InvokeResultDto = await this.runner.run(call, signal);
      response.status(HttpStatus.OK).json(result);
      return;
    }
    const sse = new SseWriter(response);
    try {
      for await (const event of this.runner.stream(call, signal)) {
        if (event.type === 'start') sse.send('start', { requestId: event.requestId, agentId: event.agentId, version: event.version });
        else if (event.type === 'delta') sse.send('delta', { text: event.text });
        else sse.send('done', event.result);
      }
    } catch (error) {
      sse.send('error', this.errorPayload(error));
    } finally {
      sse.end();
    }
  }

  /**
   * MCP over streamable HTTP, stateless: each POST is a whole exchange with a fresh server. One
   * message a POST (the protocol has had no batches since 2025-06-18): a batch of tools/call
   * would be many model calls behind one request of the key's limit.
   */
  @Post('agent/:id/mcp')
  @ApiOperation({
    summary: 'El agente como servidor MCP (streamable HTTP, sin sesión)',
    description:
      'Una herramienta, «ask_agent», que recibe input (y context opcional) y devuelve la respuesta del agente: en content, su texto (y, si el agente tiene documentos, un segundo texto «Fuentes:» con cada fragmento); en structuredContent, {output, agentId, version, usage, requestId, sources?, toolCalls?} (su outputSchema). Un mensaje JSON-RPC por petición: los lotes se rechazan.',
  })
  @ApiOkResponse({ type: JsonRpcResponseDto, description: 'La respuesta JSON-RPC al mensaje (los errores de la herramienta van en su resultado, isError)' })
  @ApiAcceptedResponse({ description: 'Una notificación o una respuesta del cliente: sin cuerpo' })
  @ApiBadRequestResponse({ type: JsonRpcErrorDto, description: 'Un lote (lista) de mensajes JSON-RPC, o un cuerpo que no es un mensaje JSON-RPC' })
  @ApiNotAcceptableResponse({ type: JsonRpcErrorDto, description: 'Accept no admite application/json y text/event-stream' })
  @ApiUnsupportedMediaTypeResponse({ type: JsonRpcErrorDto, description: 'Content-Type no es application/json' })
  async mcp(@Req() request: KeyedRequest, @Res() response: Response): Promise<void> {
    const key = keyOf(request);
    const message: unknown = request.body;
    if (Array.isArray(message)) {
      response.status(HttpStatus.BAD_REQUEST).json({
        jsonrpc: '2.0',
        error: { code: -32600, message: 'Este servidor MCP no admite lotes de JSON-RPC: envía un mensaje en cada petición POST.' },
        id: null,
      });
      return;
    }
    // Refused here, a call past the limits is a plain 429 with its headers, as on the other routes.
    if ((message as { method?: unknown } | null)?.method === 'tools/call') await this.admission.admit(key, response);
    const agent = key.agent as NonNullable<ResolvedKey['agent']>;
    const server = new McpServer({ name: agent.name, version: String(key.prompt?.version ?? 1) });
    server.registerTool(
      'ask_agent',
      {
        title: agent.name,
        description: agent.description || `Pregunta a ${agent.name}`,
        inputSchema: {
          input: z.string().min(1).describe('Lo que se le pide al agente'),
          context: z.record(z.string(), z.unknown()).optional().describe('JSON libre que recibe el modelo'),
        },
        outputSchema: ASK_AGENT_OUTPUT,
      },
      async ({ input, context }, extra) => {
        try {
          const call = await this.runner.prepare(key, { input, context });
          const result = await this.runner.run(call, extra.signal);
          // The sources also as text, for the hosts that show the model only the text blocks.
          const sources = result.sources && result.sources.length > 0 ? [{ type: 'text' as const, text: sourcesText(result.sources) }] : [];
          return { content: [{ type: 'text' as const, text: result.output }, ...sources], structuredContent: { ...result } };
        } catch (error) {
          return { isError: true, content: [{ type: 'text' as const, text: this.errorPayload(error).message }] };
        }
      },
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, request.body);
  }

  /** Stateless: no stream to open (GET) and no session to end (DELETE). */
  @All('agent/:id/mcp')
  @ApiExcludeEndpoint()
  mcpOtherMethods(@Res() response: Response): void {
    response
      .status(HttpStatus.METHOD_NOT_ALLOWED)
      .setHeader('Allow', 'POST')
      .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Método no permitido: este servidor MCP no tiene sesiones; usa POST.' }, id: null });
  }

  private errorPayload(error: unknown): { message: string; statusCode: number } {
    return callFailureOf(error, this.logger);
  }
}

/** OpenAI's chat completions and models, so that OpenAI's own clients work unchanged against {base}/api/v1. */
@ApiTags('api-publica')
@ApiSecurity('api-key')
@ApiExtraModels(ChatCompletionContentPartDto, ChatCompletionDto)
@ApiUnauthorizedResponse({ type: OpenAiErrorBodyDto, description: `${KEY_REFUSED} (code 'invalid_api_key')` })
@ApiForbiddenResponse({ type: OpenAiErrorBodyDto, description: ACCOUNT_DISABLED })
@ApiNotFoundResponse({ type: OpenAiErrorBodyDto, description: 'Publicación desactivada' })
@ApiTooManyRequestsResponse({ type: OpenAiErrorBodyDto, description: 'Límites de la clave o de la cuenta (Retry-After, RateLimit-Policy, RateLimit), o el proveedor del modelo está saturado' })
@Public()
@UseGuards(ApiKeyGuard)
@UseFilters(OpenAiErrorFilter)
@Controller('v1')
export class OpenAiCompatibleController {
  private readonly logger = new Logger('Publications');

  constructor(
    private readonly runner: AgentRunner,
    private readonly admission: CallAdmission,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('models')
  @ApiOperation({ summary: 'Los agentes que la clave puede usar (formato de OpenAI)' })
  @ApiOkResponse({ type: OpenAiModelListDto })
  models(@Req() request: KeyedRequest): OpenAiModelListDto {
    const key = keyOf(request);
    // The platform, never the owner's username (an e-mail address) shown to whoever holds a key.
    return { object: 'list', data: [{ id: key.agentId, object: 'model', created: 0, owned_by: this.config.productName }] };
  }

  @Post('chat/completions')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Chat completions compatible con OpenAI: model es el id del agente; stream y no stream',
    description:
      'Si el agente tiene documentos, el chat.completion lleva además sources: [{documentId, documentName, page, snippet}], los fragmentos que recibió el modelo; en streaming los lleva el fragmento con finish_reason.',
  })
  @ApiProduces('application/json', 'text/event-stream')
  @ApiOkResponse({
    description: 'Un chat.completion (JSON) o, con stream, fragmentos chat.completion.chunk',
    content: jsonOrEvents(getSchemaPath(ChatCompletionDto), "Líneas «data: {chat.completion.chunk}», un error { error } si el modelo falla a medias, y «data: [DONE]»"),
  })
  @ApiBadRequestResponse({ type: OpenAiErrorBodyDto, description: 'Cuerpo no válido, o mensajes que no terminan con uno del usuario, con roles o partes que no se admiten' })
  @ApiNotFoundResponse({ type: OpenAiErrorBodyDto, description: "code 'model_not_found': la clave no puede usar ese modelo (agente); o la publicación está desactivada" })
  @ApiBadGatewayResponse({ type: OpenAiErrorBodyDto, description: MODEL_FAILED })
  @ApiServiceUnavailableResponse({ type: OpenAiErrorBodyDto, description: MODEL_UNAVAILABLE })
  @ApiGatewayTimeoutResponse({ type: OpenAiErrorBodyDto, description: MODEL_TIMED_OUT })
  @ApiHeader(IDEMPOTENCY_KEY_HEADER)
  @ApiConflictResponse({ type: OpenAiErrorBodyDto, description: IDEMPOTENT_RETRY_REFUSED })
  async completions(@Body() body: ChatCompletionRequestDto, @Req() request: KeyedRequest, @Res() response: Response): Promise<void> {
    const key = keyOf(request);
    if (body.model !== key.agentId) throw new UnknownAgentModelError(body.model);
    const call = await this.runner.prepare(key, { ...agentCallOf(body.messages), idempotencyKey: idempotencyKeyOf(request) });
    await this.admission.admit(key, response);
    await this.runner.claim(call);
    const signal = abortOnClose(response);
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream) {
      response.status(HttpStatus.OK).json(completionOf(await this.runner.run(call, signal), created));
      return;
    }
    await this.stream(call, body, response, signal, created);
  }

  private async stream(call: PreparedCall, body: ChatCompletionRequestDto, response: Response, signal: AbortSignal, created: number): Promise<void> {
    const id = completionId(call.requestId);
    const model = call.key.agentId;
    response.status(HttpStatus.OK);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache, no-store, no-transform');
    response.setHeader('X-Accel-Buffering', 'no');
    const write = (data: unknown) => {
      if (!response.writableEnded && !response.destroyed) response.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    };
    try {
      for await (const event of this.runner.stream(call, signal)) {
        if (event.type === 'start') write(chunkOf(id, created, model, { role: 'assistant', content: '' }, null));
        else if (event.type === 'delta') write(chunkOf(id, created, model, { content: event.text }, null));
        else {
          write(chunkOf(id, created, model, {}, 'stop', { sources: event.result.sources }));
          if (body.stream_options?.include_usage) write(chunkOf(id, created, model, null, null, { usage: usageOf(event.result.usage) }));
        }
      }
      write('[DONE]');
    } catch (error) {
      const known = error instanceof DomainError;
      if (!known) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      write({ error: { message: known ? error.message : INTERNAL_FAILURE, type: 'server_error', param: null, code: known ? (error.code ?? null) : null } });
    } finally {
      if (!response.writableEnded) response.end();
    }
  }
}
