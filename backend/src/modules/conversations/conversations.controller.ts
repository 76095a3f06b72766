import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentIdentity, SignedInApi } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { ConversationsService } from './conversations.service';
import {
  ConversationDto,
  CreateConversationDto,
  DeletedConversationDto,
  LatestConversationDto,
  LatestConversationQueryDto,
  MessageDto,
  MessagesPageQueryDto,
  MESSAGES_PAGE_DEFAULT,
  SaveMessageDto,
  UpdateConversationDto,
} from './dto/conversation.dto';
import { ConversationNotFoundError } from './conversations.errors';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';

/** An id that is not a UUID names no conversation: the same 404 as someone else's. */
const conversationId = new ParseUUIDPipe({ exceptionFactory: () => new ConversationNotFoundError() });

const OTHER_USER = 'userId no es quien llama (y quien llama no es admin)';

const USER_ID_QUERY = {
  name: 'userId',
  type: String,
  required: false,
  description:
    'Opcional (contrato): el sub o el nombre de usuario de quien llama (403 si no); un administrador puede nombrar a otro usuario para leer o gestionar sus conversaciones',
} as const;

/** A repeated query parameter names nobody in particular: the caller's own conversations. */
const singleUserId = (userId: unknown): string | undefined => (typeof userId === 'string' ? userId : undefined);

/**
 * Conversations (spec section 7): the caller's own. The optional `userId` query is checked by the
 * auth guard; an admin may use it to address another user's.
 */
@ApiTags('conversations')
@SignedInApi()
@ApiForbiddenResponse({ type: ErrorBodyDto, description: OTHER_USER })
@Controller('conversations')
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Get()
  @ApiOperation({ summary: 'Conversaciones de quien llama, la de actividad más reciente primero (sin mensajes)' })
  @ApiQuery(USER_ID_QUERY)
  @ApiOkResponse({ type: [ConversationDto] })
  list(@CurrentIdentity() identity: VerifiedIdentity, @Query('userId') userId?: unknown): Promise<ConversationDto[]> {
    return this.conversations.list(identity, singleUserId(userId));
  }

  // Before ':id', which would take 'latest' for a conversation's id.
  @Get('latest')
  @ApiOperation({
    summary: 'La conversación abierta de quien llama con un agente',
    description:
      "La suya de actividad más reciente con ese agente (un chat con él solo: no la de un flujo, un ecosistema, el creador de agentes o un ajuste fino), sin mensajes; conversation es null si no tiene ninguna. 'Chatear' sigue con ella en lugar de abrir otra.",
  })
  @ApiOkResponse({ type: LatestConversationDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'agentId falta o no es un id de agente válido' })
  latest(@CurrentIdentity() identity: VerifiedIdentity, @Query() query: LatestConversationQueryDto): Promise<LatestConversationDto> {
    return this.conversations.latestWithAgent(identity, query.agentId);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Una conversación con sus mensajes más recientes',
    description: `Como mucho ${MESSAGES_PAGE_DEFAULT} mensajes, del más antiguo al más reciente; hasOlderMessages dice si hay anteriores (GET /conversations/{id}/messages?before=<id del primero>).`,
  })
  @ApiQuery(USER_ID_QUERY)
  @ApiOkResponse({ type: ConversationDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Conversación no encontrada (también si es de otro usuario)' })
  get(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('id', conversationId) id: string,
    @Query('userId') userId?: unknown,
  ): Promise<ConversationDto> {
    return this.conversations.get(identity, id, singleUserId(userId));
  }

  @Get(':id/messages')
  @ApiOperation({
    summary: 'Una página de mensajes de una conversación, del más antiguo al más reciente',
    description:
      'Sin before, los limit más recientes; con before=<id de un mensaje>, los limit anteriores a él. Para leer hacia atrás, se pasa como before el id del primer mensaje de la página recibida; una página con menos de limit mensajes es la primera de la conversación.',
  })
  @ApiQuery(USER_ID_QUERY)
  @ApiOkResponse({ type: [MessageDto] })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'limit fuera de 1…200, o before no es un mensaje de esta conversación' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Conversación no encontrada' })
  messages(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('id', conversationId) id: string,
    @Query() query: MessagesPageQueryDto,
  ): Promise<MessageDto[]> {
    return this.conversations.listMessages(
      identity,
      id,
      { limit: query.limit ?? MESSAGES_PAGE_DEFAULT, before: query.before },
      singleUserId(query.userId),
    );
  }

  @Post()
  @RateLimit({ rules: [{ by: 'user', quota: 'conversations' }] })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'Más conversaciones por hora de las que permite RATE_LIMIT_CONVERSATIONS_PER_HOUR (Retry-After: segundos de espera)' })
  @ApiOperation({
    summary: 'Crea una conversación',
    description:
      "Con metadata.agentId: «Chat con {agente}» y la configuración del agente; con reuseOpen, la conversación abierta de quien llama con ese agente si ya tiene una (200, con sus mensajes más recientes). Con metadata.fromFlow: «Flujo de Agentes». Si no, modo creador de agentes (isInitialInteraction si la interacción del usuario no ha terminado). La primera conversación del usuario recibe la configuración por defecto (bedrock, Claude 3.5 Sonnet, useBedrockAgent false).",
  })
  @ApiCreatedResponse({ type: ConversationDto, description: 'Una conversación nueva' })
  @ApiOkResponse({ type: ConversationDto, description: 'Con reuseOpen: la conversación abierta con el agente, que ya existía' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Agente no encontrado' })
  async create(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Body() body: CreateConversationDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ConversationDto> {
    const { conversation, reused } = await this.conversations.createOrReuse(identity, body);
    response.status(reused ? HttpStatus.OK : HttpStatus.CREATED);
    return conversation;
  }

  @Put(':id')
  @ApiOperation({ summary: 'Cambia el título (recortado, 1 a 120 caracteres) y/o claves de metadata' })
  @ApiQuery(USER_ID_QUERY)
  @ApiOkResponse({ type: ConversationDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Conversación no encontrada (también si es de otro usuario)' })
  update(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('id', conversationId) id: string,
    @Body() body: UpdateConversationDto,
    @Query('userId') userId?: unknown,
  ): Promise<ConversationDto> {
    return this.conversations.update(identity, id, body, singleUserId(userId));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Elimina la conversación y sus mensajes' })
  @ApiQuery(USER_ID_QUERY)
  @ApiOkResponse({ type: DeletedConversationDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Conversación no encontrada (también si es de otro usuario)' })
  remove(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('id', conversationId) id: string,
    @Query('userId') userId?: unknown,
  ): Promise<DeletedConversationDto> {
    return this.conversations.remove(identity, id, singleUserId(userId));
  }

  @Post(':id/messages')
  @HttpCode(HttpStatus.CREATED)
  @RateLimit({ rules: [{ by: 'user', quota: 'messages' }] })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'Más mensajes por minuto de los que permite RATE_LIMIT_MESSAGES_PER_MINUTE (Retry-After: segundos de espera)' })
  @ApiOperation({
    summary: 'Guarda un mensaje (idempotente por id)',
    description:
      'El cliente lo reintenta hasta 3 veces: el mismo id vuelve a responder 201 con el mensaje guardado, sin duplicarlo. Otro rol o texto con un id ya usado: 409.',
  })
  @ApiCreatedResponse({ type: MessageDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Conversación no encontrada (también si es de otro usuario)' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'Ya existe otro mensaje con ese id en la conversación.' })
  saveMessage(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('id', conversationId) id: string,
    @Body() body: SaveMessageDto,
  ): Promise<MessageDto> {
    return this.conversations.saveMessage(identity, id, body);
  }
}
