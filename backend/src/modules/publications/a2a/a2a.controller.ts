import { DefaultExecutionEventBusManager, DefaultRequestHandler } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler } from '@a2a-js/sdk/server/express';
import { Controller, Get, Inject, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiSecurity,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, RequestHandler, Response } from 'express';
import { Public } from '../../../common/auth/auth.decorators';
import { ErrorBodyDto } from '../../../common/errors/error-body.dto';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { ApiKeyGuard, type KeyedRequest } from '../api-key.guard';
import { CallAdmission } from '../call-admission';
import { A2aAgentCardDto, A2aJsonRpcErrorDto, A2aJsonRpcRequestDto, A2aJsonRpcResultDto } from '../dto/protocols.dto';
import { KeyResolver, type ResolvedKey } from '../key-resolver';
import { PublicationDisabledError } from '../publications.errors';
import { KeyCaller } from './a2a-caller';
import { agentCardOf } from './a2a-card';
import { A2aErrorFilter } from './a2a-error.filter';
import { A2aAgentExecutor } from './a2a-executor';
import { A2aTaskStore } from './a2a-task-store';

/** The methods that ask the model (A2A 0.3 and 1.0 names): each is one call of the key, admitted as invoke's. */
const MODEL_CALLS = new Set(['message/send', 'message/stream', 'SendMessage', 'SendStreamingMessage']);
const STREAMS = new Set(['message/stream', 'SendStreamingMessage']);
/** How long clients may keep a card. */
const CARD_MAX_AGE_SECONDS = 60;

/**
 * Runs one of the SDK's Express routers on this request as if it were mounted at the request's
 * path: the router sees a view of the request whose url is its root, so that what it writes on
 * the request (its own route, url and params) leaves the application's own untouched (the
 * metrics label the call by the route Nest matched).
 */
function serve(router: RequestHandler, request: Request, response: Response): Promise<void> {
  const mounted = Object.create(request, { url: { value: '/', writable: true } }) as Request;
  return new Promise((resolve, reject) => {
    response.once('close', resolve);
    void router(mounted, response, (error?: unknown) => reject(error instanceof Error ? error : new Error(`El SDK de A2A no atendió ${request.method} ${request.originalUrl}`)));
  });
}

/**
 * Every published agent is an A2A server (issue 36), built with the official SDK: its Agent Card
 * (public while the publication is on) and JSON-RPC with the publication's keys, which ApiKeyGuard
 * checks and limits as on /api/v1; each model call is admitted (CallAdmission) and run (AgentRunner,
 * metered) as an invoke. Tasks live in the database (A2aTaskStore).
 */
@ApiTags('api-publica')
@ApiExtraModels(A2aJsonRpcResultDto)
@Public()
@Controller('a2a')
export class A2aController {
  /** Shared by every agent's handler, so that tasks/cancel reaches a task streaming on this instance. */
  private readonly buses = new DefaultExecutionEventBusManager();

  constructor(
    private readonly resolver: KeyResolver,
    private readonly admission: CallAdmission,
    private readonly executor: A2aAgentExecutor,
    private readonly tasks: A2aTaskStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id/.well-known/agent-card.json')
  @ApiOperation({
    summary: 'La Agent Card A2A del agente publicado',
    description:
      'Sin clave. Sin cabecera A2A-Version (o con 0.3), la tarjeta de A2A 0.3 (url, preferredTransport JSONRPC, protocolVersion, securitySchemes con la clave como Bearer) con las interfaces de 1.0 en supportedInterfaces; con «A2A-Version: 1.0», la de A2A 1.0.',
  })
  @ApiParam({ name: 'id', type: String, description: 'El id del agente publicado' })
  @ApiHeader({ name: 'A2A-Version', required: false, description: '0.3 (por defecto) o 1.0' })
  @ApiOkResponse({ type: A2aAgentCardDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'El agente no está publicado como API o su publicación está desactivada' })
  async card(@Param('id') agentId: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const published = await this.resolver.publishedAgent(agentId);
    if (!published?.enabled || !published.ownerEnabled || !published.agent) throw new PublicationDisabledError();
    const card = agentCardOf(this.config.publicUrl, published);
    await serve(agentCardHandler({ agentCardProvider: () => Promise.resolve(card), cache: { maxAge: CARD_MAX_AGE_SECONDS }, legacyCompat: { enabled: true } }), request, response);
  }

  @Post(':id')
  @UseGuards(ApiKeyGuard)
  @UseFilters(A2aErrorFilter)
  @ApiSecurity('api-key')
  @ApiOperation({
    summary: 'JSON-RPC de A2A: message/send, message/stream (SSE), tasks/get, tasks/cancel',
    description:
      "Con la clave de la publicación en «Authorization: Bearer». Cada mensaje es una tarea: su texto es la entrada del agente (sus partes de datos JSON, el contexto) y la respuesta, el artefacto 'respuesta'. message/stream responde con eventos SSE (la tarea, sus estados y la respuesta en fragmentos). Las tareas se guardan en la base de datos: tasks/get y tasks/cancel funcionan en cualquier instancia.",
  })
  @ApiParam({ name: 'id', type: String, description: 'El id del agente publicado' })
  @ApiHeader({ name: 'Authorization', required: false, description: 'Bearer nova_sk_… (o la cabecera x-api-key)' })
  @ApiHeader({ name: 'A2A-Version', required: false, description: '0.3 (por defecto: los métodos message/send…) o 1.0 (SendMessage…)' })
  @ApiBody({ type: A2aJsonRpcRequestDto })
  @ApiProduces('application/json', 'text/event-stream')
  @ApiOkResponse({ type: A2aJsonRpcResultDto, description: 'La respuesta JSON-RPC o, con message/stream, sus eventos SSE (cada uno, una respuesta JSON-RPC)' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'El cuerpo no es JSON válido (los errores de JSON-RPC y de A2A van en la respuesta 200)' })
  @ApiUnauthorizedResponse({ type: A2aJsonRpcErrorDto, description: 'Falta la clave de API, no es válida, está revocada o ha caducado' })
  @ApiForbiddenResponse({ type: A2aJsonRpcErrorDto, description: 'La clave no es de la publicación de este agente, o la cuenta dueña está desactivada' })
  @ApiNotFoundResponse({ type: A2aJsonRpcErrorDto, description: 'Publicación desactivada' })
  @ApiTooManyRequestsResponse({ type: A2aJsonRpcErrorDto, description: 'Límites de la clave o de la cuenta (Retry-After, RateLimit-Policy, RateLimit)' })
  async rpc(@Req() request: KeyedRequest, @Res() response: Response): Promise<void> {
    const key = request.apiKey as ResolvedKey;
    const method = (request.body as { method?: unknown } | undefined)?.method;
    if (typeof method === 'string' && MODEL_CALLS.has(method)) await this.admission.admit(key, response);
    const streaming = typeof method === 'string' && STREAMS.has(method);
    const handler = new DefaultRequestHandler(agentCardOf(this.config.publicUrl, key), this.tasks, this.executor, this.buses);
    await serve(jsonRpcHandler({ requestHandler: handler, userBuilder: () => Promise.resolve(new KeyCaller(key, streaming)), legacyCompat: { enabled: true } }), request, response);
  }
}
