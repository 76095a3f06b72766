import { Body, Controller, HttpCode, HttpStatus, Logger, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentIdentity, SignedInApi, UserIdParams } from '../../common/auth/auth.decorators';
import { DomainError } from '../../common/errors/domain-error';
import { RateLimit, type RateLimitRule } from '../../common/rate-limit/rate-limit';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { AssistantPromptsService } from './assistant-prompts.service';
import { ChatService, type PreparedChat } from './chat.service';
import { AgentChatDto, AssistantPromptDto, AssistantPromptRequestDto, ChatReplyDto, ModelChatDto, ToolConfirmationDto } from './dto/chat.dto';
import { SseWriter } from './sse';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';

const STREAMING_DESCRIPTION =
  'Con «Accept: text/event-stream» responde con eventos: start {conversationId, messageId, userMessageId}, ' +
  'delta {text} (uno por trozo), sources [{documentId, documentName, page, snippet}] (antes de done, si el agente tiene documentos: los fragmentos que recibió), ' +
  'tool_call {id, tool, sourceName, arguments} y tool_result {id, ok, output (recortado), note?} por cada herramienta que usa el agente; ' +
  'tool_confirmation {id, tool, sourceName, arguments, agentName} si una herramienta pide confirmación (la respuesta queda en pausa: se contesta con POST /api/bedrock/agents/chat/confirmation). ' +
  'done {message, messageId, usage, …la respuesta JSON completa} o error {message, statusCode, code?}. ' +
  'Los errores anteriores a la respuesta (400, 403, 404, 409 SubscriptionPaused) llegan como HTTP normal. ' +
  'Si el cliente se desconecta, se cancela la llamada al modelo y se guarda lo recibido con status «stopped». ' +
  'Sin modelo configurado responde 200 con un aviso en español (guardado con status «failed»): a un usuario, que el asistente todavía no está disponible; a un admin, cómo configurarlo.';

const SEND_FAILED = 'Error al enviar mensaje';

/** The JSON reply, or with «Accept: text/event-stream» the events described in STREAMING_DESCRIPTION. */
const CHAT_REPLY = {
  description: 'La respuesta completa (JSON) o, con «Accept: text/event-stream», sus eventos',
  content: {
    'application/json': { schema: { $ref: getSchemaPath(ChatReplyDto) } },
    'text/event-stream': { schema: { type: 'string', description: 'Eventos start, delta, sources, done y error (ver la descripción)' } },
  },
};

/** A chat turn stores the user's message and asks a model: it counts against both limits. */
const CHAT_TURN_LIMITS: RateLimitRule[] = [
  { by: 'user', quota: 'messages' },
  { by: 'user', quota: 'modelCalls' },
];

@ApiTags('chat')
@ApiExtraModels(ChatReplyDto)
@SignedInApi()
@Controller()
export class ChatController {
  private readonly logger = new Logger('Chat');

  constructor(
    private readonly chat: ChatService,
    private readonly assistantPrompts: AssistantPromptsService,
  ) {}

  @Post('bedrock/agents/chat')
  @HttpCode(HttpStatus.OK)
  @RateLimit({ rules: CHAT_TURN_LIMITS })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'Más mensajes o consultas al modelo por minuto de los que permiten RATE_LIMIT_MESSAGES_PER_MINUTE y RATE_LIMIT_MODEL_CALLS_PER_MINUTE (Retry-After: segundos de espera)' })
  @ApiOperation({ summary: 'Envía un mensaje al agente de la conversación o al asistente principal', description: STREAMING_DESCRIPTION })
  @ApiOkResponse(CHAT_REPLY)
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: "code 'SubscriptionRequired': «Necesitas una suscripción activa para chatear con este agente.»" })
  @ApiConflictResponse({ type: ErrorBodyDto, description: "code 'SubscriptionPaused': «Suscripción Pausada» (el cliente muestra el modal para reanudarla)" })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Conversación no encontrada / Agente no encontrado' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  async agentChat(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Body() body: AgentChatDto,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.respond(await this.chat.prepareAgentChat(identity, body), request, response);
  }

  @Post('bedrock/agents/chat/confirmation')
  @HttpCode(HttpStatus.OK)
  @RateLimit({ rules: [{ by: 'user', quota: 'modelCalls' }] })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'Más consultas al modelo por minuto de las que permite RATE_LIMIT_MODEL_CALLS_PER_MINUTE (Retry-After: segundos de espera)' })
  @ApiOperation({
    summary: 'Permite o rechaza la herramienta que espera confirmación y sigue la respuesta',
    description: `Sigue la respuesta en pausa (la misma, messageId del evento start) desde donde se quedó. ${STREAMING_DESCRIPTION}`,
  })
  @ApiOkResponse(CHAT_REPLY)
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Conversación no encontrada / «No hay ninguna herramienta esperando tu confirmación.»' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: "code 'ToolConfirmationAnswered': «Esta herramienta ya se ha permitido o rechazado.»" })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  async toolConfirmation(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Body() body: ToolConfirmationDto,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.respond(await this.chat.prepareConfirmation(identity, body), request, response);
  }

  @Post('bedrock/models/chat')
  @HttpCode(HttpStatus.OK)
  @RateLimit({ rules: CHAT_TURN_LIMITS })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'Más mensajes o consultas al modelo por minuto de los que permiten RATE_LIMIT_MESSAGES_PER_MINUTE y RATE_LIMIT_MODEL_CALLS_PER_MINUTE (Retry-After: segundos de espera)' })
  @ApiOperation({ summary: 'Envía un mensaje a un modelo directamente (sin agente)', description: STREAMING_DESCRIPTION })
  @ApiOkResponse(CHAT_REPLY)
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'modelId no es uno de los modelos disponibles (u otro campo no válido)' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Conversación no encontrada' })
  async modelChat(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Body() body: ModelChatDto,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.respond(await this.chat.prepareModelChat(identity, body), request, response);
  }

  @Post('users/:id/nova-prompt')
  @UserIdParams('id')
  @HttpCode(HttpStatus.OK)
  @ApiTags('users')
  @ApiOperation({ summary: 'Lee (sin prompt) o guarda las instrucciones del asistente principal del usuario' })
  @ApiOkResponse({ type: AssistantPromptDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'El id no es el de quien llama (y quien llama no es admin)' })
  assistantPrompt(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('id') id: string,
    @Body() body: AssistantPromptRequestDto,
  ): Promise<AssistantPromptDto> {
    return this.assistantPrompts.readOrStore(identity, id, body.prompt);
  }

  private async respond(chat: PreparedChat, request: Request, response: Response): Promise<void> {
    const abort = new AbortController();
    // 'close' after the response finished is the normal end; before it, the client has left.
    response.on('close', () => {
      if (!response.writableFinished) abort.abort();
    });
    if (wantsEventStream(request)) {
      await this.stream(chat, response, abort.signal);
      return;
    }
    for await (const event of this.chat.run(chat, abort.signal)) {
      if (event.type === 'done' && !response.writableEnded) response.status(HttpStatus.OK).json(event.reply);
    }
  }

  private async stream(chat: PreparedChat, response: Response, signal: AbortSignal): Promise<void> {
    const sse = new SseWriter(response);
    try {
      for await (const event of this.chat.run(chat, signal)) {
        if (event.type === 'start') {
          sse.send('start', { conversationId: event.conversationId, messageId: event.messageId, userMessageId: event.userMessageId });
        } else if (event.type === 'delta') {
          sse.send('delta', { text: event.text });
        } else if (event.type === 'sources') {
          sse.send('sources', event.sources);
        } else if (event.type === 'tool_call') {
          sse.send('tool_call', event.call);
        } else if (event.type === 'tool_result') {
          sse.send('tool_result', event.result);
        } else if (event.type === 'tool_confirmation') {
          sse.send('tool_confirmation', event.confirmation);
        } else {
          sse.send('done', { ...event.reply, usage: event.reply.metadata.usage });
        }
      }
    } catch (error) {
      if (error instanceof DomainError) {
        sse.send('error', { message: error.message, statusCode: error.status, ...(error.code ? { code: error.code } : {}) });
      } else {
        this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
        sse.send('error', { message: SEND_FAILED, statusCode: HttpStatus.INTERNAL_SERVER_ERROR });
      }
    } finally {
      sse.end();
    }
  }
}

function wantsEventStream(request: Request): boolean {
  return (request.headers.accept ?? '').split(',').some((type) => type.trim().toLowerCase().startsWith('text/event-stream'));
}
