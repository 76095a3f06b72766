import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { CurrentIdentity, SignedInApi } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { AgentDto } from '../agents/dto/agent.dto';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { AgentCreatorService } from './agent-creator.service';
import {
  AgentDraftResponseDto,
  CreatorConversationDto,
  CreatorConversationQueryDto,
  CreatorMessageDto,
  CreatorReplyDto,
  CreatorStatusDto,
  SaveDraftDto,
} from './dto/agent-creator.dto';
import { TALK_TURN_LIMITS } from './talk-turn';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';

const AGENTS_LIMIT = 'Más agentes por hora de los que permite RATE_LIMIT_AGENTS_PER_HOUR (Retry-After: segundos de espera)';

@ApiTags('agent-creator')
@SignedInApi()
@Controller('agent-creator')
export class AgentCreatorController {
  constructor(private readonly creator: AgentCreatorService) {}

  @Get()
  @ApiOperation({ summary: 'Si el creador de agentes puede conversar (hay un modelo configurado) y un borrador vacío' })
  @ApiOkResponse({ type: CreatorStatusDto })
  status(): CreatorStatusDto {
    return this.creator.status();
  }

  @Get('conversation')
  @ApiOperation({
    summary: 'Dónde está el creador: su conversación, el borrador como quedó y sus mensajes',
    description:
      'Con conversationId, esa conversación del creador. Si no, la de quien llama sobre agentId, o (sin agentId) su borrador de un agente nuevo en curso; sin ninguna, conversationId es null y el borrador el del agente (o vacío).',
  })
  @ApiOkResponse({ type: CreatorConversationDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'conversationId o agentId no válidos' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Conversación o agente no encontrados' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'El agente es de otro usuario' })
  conversation(@CurrentIdentity() identity: VerifiedIdentity, @Query() query: CreatorConversationQueryDto): Promise<CreatorConversationDto> {
    return this.creator.conversation(identity, query);
  }

  @Post('messages')
  @HttpCode(HttpStatus.OK)
  @RateLimit({ rules: TALK_TURN_LIMITS })
  @ApiOperation({
    summary: 'Un turno con el creador de agentes: responde y devuelve el borrador completo',
    description:
      'Sin conversationId sigue la conversación del creador de quien llama sobre agentId, o su borrador de un agente nuevo en curso, y si no hay ninguna abre una en modo creador: una conversación por borrador, titulada como el agente. El mensaje del usuario y el borrador enviado (con los cambios a mano, que el modelo continúa) se guardan antes de preguntar al modelo; con el mismo messageId, un reintento no guarda el mensaje dos veces. Si el modelo responde con texto en lugar del borrador, el texto es la respuesta y el borrador queda como estaba (draftUpdated false).',
  })
  @ApiOkResponse({ type: CreatorReplyDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Mensaje o borrador no válidos' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Conversación o agente no encontrados' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'El agente es de otro usuario' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'messageId ya es el de otro mensaje' })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'Demasiados mensajes o consultas al modelo por minuto' })
  talk(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: CreatorMessageDto): Promise<CreatorReplyDto> {
    return this.creator.talk(identity, body);
  }

  @Get('agents/:agentId/draft')
  @ApiOperation({ summary: 'El borrador de un agente existente (sus campos y su prompt), para su creador o un admin' })
  @ApiOkResponse({ type: AgentDraftResponseDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Agente no encontrado' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'El agente es de otro usuario' })
  draft(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string): Promise<AgentDraftResponseDto> {
    return this.creator.agentDraft(identity, agentId);
  }

  @Post('agents')
  @RateLimit({ rules: [{ by: 'user', quota: 'agents' }] })
  @ApiOperation({ summary: "'Crear agente': guarda el borrador como agente nuevo con su primer prompt y completa la interacción inicial" })
  @ApiCreatedResponse({ type: AgentDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Cuerpo no válido, o al borrador le falta el nombre, la descripción o las instrucciones' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'El avatar es un archivo que no ha subido quien llama' })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: AGENTS_LIMIT })
  create(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: SaveDraftDto): Promise<AgentDto> {
    return this.creator.create(identity, body);
  }

  @Put('agents/:agentId')
  @RateLimit({ rules: [{ by: 'user', quota: 'agents' }] })
  @ApiOperation({ summary: "'Guardar cambios': actualiza un agente existente desde el borrador (su creador o un admin)" })
  @ApiOkResponse({ type: AgentDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Agente no encontrado' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'El agente es de otro usuario, o el avatar es un archivo que no ha subido quien llama' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Cuerpo no válido, o al borrador le falta el nombre, la descripción o las instrucciones' })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: AGENTS_LIMIT })
  update(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('agentId') agentId: string,
    @Body() body: SaveDraftDto,
  ): Promise<AgentDto> {
    return this.creator.update(identity, agentId, body);
  }
}
