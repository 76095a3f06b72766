import { Body, Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, UseFilters } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentIdentity } from '../../common/auth/auth.decorators';
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

const sessionId = new ParseUUIDPipe({ exceptionFactory: () => new FineTuningSessionNotFoundError() });

@ApiTags('fine-tuning')
@ApiBearerAuth()
@ApiForbiddenResponse({ description: 'userId de otro usuario, o un agente que no es de quien llama' })
@Controller('fine-tuning/sessions')
export class FineTuningSessionsController {
  constructor(private readonly sessions: FineTuningSessionsService) {}

  @Post()
  @ApiOperation({ summary: 'Abre una sesión de ajuste sobre un agente (su creador o un admin), o sigue una anterior' })
  @ApiCreatedResponse({ type: FineTuningSessionDto })
  @ApiNotFoundResponse({ description: 'Agente o sesión no encontrados' })
  open(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: OpenFineTuningSessionDto): Promise<FineTuningSessionDto> {
    return this.sessions.open(identity, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Una sesión de ajuste con sus mensajes' })
  @ApiOkResponse({ type: FineTuningSessionDto })
  @ApiNotFoundResponse({ description: 'Sesión no encontrada' })
  get(@CurrentIdentity() identity: VerifiedIdentity, @Param('id', sessionId) id: string): Promise<FineTuningSessionDto> {
    return this.sessions.get(identity, id);
  }

  @Post(':id/messages')
  @HttpCode(HttpStatus.OK)
  @RateLimit({ rules: TALK_TURN_LIMITS })
  @ApiOperation({ summary: 'Cuenta al asistente qué cambiar; responde y, cuando lo tiene claro, propone el prompt revisado' })
  @ApiOkResponse({ type: FineTuningReplyDto })
  @ApiNotFoundResponse({ description: 'Sesión no encontrada' })
  @ApiConflictResponse({ description: 'La sesión está cerrada' })
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
  close(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('id', sessionId) id: string,
    @Body() _body: CloseFineTuningDto,
  ): Promise<ApplyResultDto> {
    return this.sessions.close(identity, id);
  }
}
