import { Body, Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, UseFilters } from '@nestjs/common';
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
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentIdentity, SignedInApi } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { FineTuningSessionNotFoundError } from './agent-creator.errors';
import { ApplyFailureFilter } from './apply-failure.filter';
import {
  ApplyFineTuningDto,
  ApplyResultDto,
  CloseFineTuningDto,
  FineTuningMessageDto,
  FineTuningReplyDto,
  FineTuningSessionDto,
  OpenFineTuningSessionDto,
} from './dto/fine-tuning.dto';
import { FineTuningSessionsService } from './fine-tuning-sessions.service';
import { TALK_TURN_LIMITS } from './talk-turn';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';

const TALK_TURN_LIMIT = 'Más mensajes o consultas al modelo por minuto de los que permiten RATE_LIMIT_MESSAGES_PER_MINUTE y RATE_LIMIT_MODEL_CALLS_PER_MINUTE (Retry-After: segundos de espera)';

/** Applying answers its failures as `{ success: false, message }` (ApplyFailureFilter), with the same statuses. */
const applyFailure = (description: string) => ({ type: ApplyResultDto, description });

const sessionId = new ParseUUIDPipe({ exceptionFactory: () => new FineTuningSessionNotFoundError() });

@ApiTags('fine-tuning')
@SignedInApi()
@ApiForbiddenResponse({ type: ErrorBodyDto, description: 'userId de otro usuario, o un agente que no es de quien llama' })
@Controller('fine-tuning/sessions')
export class FineTuningSessionsController {
  constructor(private readonly sessions: FineTuningSessionsService) {}

  @Post()
  @ApiOperation({ summary: 'Abre una sesión de ajuste sobre un agente (su creador o un admin), o sigue una anterior' })
  @ApiCreatedResponse({ type: FineTuningSessionDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `${INVALID_BODY}; o un modelo que no está disponible` })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Agente o sesión no encontrados' })
  open(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: OpenFineTuningSessionDto): Promise<FineTuningSessionDto> {
    return this.sessions.open(identity, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Una sesión de ajuste con sus mensajes' })
  @ApiOkResponse({ type: FineTuningSessionDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Sesión no encontrada' })
  get(@CurrentIdentity() identity: VerifiedIdentity, @Param('id', sessionId) id: string): Promise<FineTuningSessionDto> {
    return this.sessions.get(identity, id);
  }

  @Post(':id/messages')
  @HttpCode(HttpStatus.OK)
  @RateLimit({ rules: TALK_TURN_LIMITS })
  @ApiOperation({ summary: 'Cuenta al asistente qué cambiar; responde y, cuando lo tiene claro, propone el prompt revisado' })
  @ApiOkResponse({ type: FineTuningReplyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Sesión no encontrada' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'La sesión está cerrada' })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: TALK_TURN_LIMIT })
  talk(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('id', sessionId) id: string,
    @Body() body: FineTuningMessageDto,
  ): Promise<FineTuningReplyDto> {
    return this.sessions.talk(identity, id, body);
  }

  @Post(':id/apply')
  @RateLimit({ rules: [{ by: 'user', quota: 'agents' }] })
  @ApiOperation({
    summary: 'Hace del prompt revisado la versión actual del agente',
    description: 'Si no se puede, responde { success: false, message } con el estado del fallo (spec, sección 8).',
  })
  @HttpCode(HttpStatus.OK)
  @UseFilters(ApplyFailureFilter)
  @ApiOkResponse({ type: ApplyResultDto })
  @ApiBadRequestResponse(applyFailure(INVALID_BODY))
  @ApiUnauthorizedResponse(applyFailure('Sin sesión, o con un token caducado o no válido'))
  @ApiForbiddenResponse(applyFailure('userId de otro usuario, o un agente que no es de quien llama'))
  @ApiNotFoundResponse(applyFailure('Sesión o agente no encontrados'))
  @ApiConflictResponse(applyFailure('La sesión está cerrada'))
  @ApiTooManyRequestsResponse(applyFailure('Más agentes por hora de los que permite RATE_LIMIT_AGENTS_PER_HOUR (Retry-After: segundos de espera)'))
  apply(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('id', sessionId) id: string,
    @Body() body: ApplyFineTuningDto,
  ): Promise<ApplyResultDto> {
    return this.sessions.apply(identity, id, body);
  }

  @Post(':id/close')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Cierra la sesión de ajuste (sus mensajes se conservan)' })
  @ApiOkResponse({ type: ApplyResultDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Sesión no encontrada' })
  close(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('id', sessionId) id: string,
    @Body() _body: CloseFineTuningDto,
  ): Promise<ApplyResultDto> {
    return this.sessions.close(identity, id);
  }
}
