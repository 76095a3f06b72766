import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
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
import type { Response } from 'express';
import { CurrentIdentity, SignedInApi } from '../../common/auth/auth.decorators';
import { RateLimit, type RateLimitRule } from '../../common/rate-limit/rate-limit';
import { SseWriter } from '../chat/sse';
import { EcosystemDto } from '../ecosystems/dto/ecosystem.dto';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { toSessionDto } from './collaboration.mapper';
import { CollaborationService } from './collaboration.service';
import { CollaborationSessionDto, CreateSessionDto, SaveAsEcosystemDto } from './dto/collaboration.dto';
import { FINISHED_STATUSES } from './run/run-types';
import { SessionRunner } from './session-runner';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';

/** The event stream re-reads the stored session at least this often (a run on another instance). */
const EVENTS_POLL_MS = 1_000;

/** A session asks models: it counts as a model call of the user's (RATE_LIMIT_MODEL_CALLS_PER_MINUTE). */
export const SESSION_LIMITS: RateLimitRule[] = [{ by: 'user', quota: 'modelCalls' }];
export const TOO_MANY = 'Más consultas al modelo por minuto de las que permite RATE_LIMIT_MODEL_CALLS_PER_MINUTE (Retry-After: segundos de espera)';

const NOT_YOURS = 'La sesión no existe o es de otro usuario (404)';

@ApiTags('collaboration')
@SignedInApi()
@Controller('collaboration/sessions')
export class CollaborationController {
  constructor(
    private readonly collaboration: CollaborationService,
    private readonly runner: SessionRunner,
  ) {}

  @Post()
  @RateLimit({ rules: SESSION_LIMITS })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: TOO_MANY })
  @ApiOperation({ summary: 'Inicia una colaboración: el equipo de agentes responde junto a la consulta (la sesión empieza en processing)' })
  @ApiCreatedResponse({ type: CollaborationSessionDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: "«No agents selected for collaboration» (agentIds vacío) u otro campo no válido" })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: "code 'SubscriptionRequired': un agente de pago sin suscripción activa" })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Agente no encontrado / Conversación no encontrada' })
  start(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: CreateSessionDto): Promise<CollaborationSessionDto> {
    return this.collaboration.start(identity, body);
  }

  @Get()
  @ApiOperation({ summary: 'Las sesiones de quien llama, la más reciente primero (50 como máximo)' })
  @ApiOkResponse({ type: [CollaborationSessionDto] })
  list(@CurrentIdentity() identity: VerifiedIdentity): Promise<CollaborationSessionDto[]> {
    return this.collaboration.list(identity);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Una sesión con sus respuestas, el registro de deliberación y el uso por agente' })
  @ApiOkResponse({ type: CollaborationSessionDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_YOURS })
  get(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<CollaborationSessionDto> {
    return this.collaboration.get(identity, id);
  }

  @Get(':id/events')
  @ApiOperation({
    summary: 'Los pasos de la sesión como Server-Sent Events',
    description:
      "Primero `session` (la sesión tal como está), después un `step` por cada entrada del registro de deliberación (también las ya ocurridas) y, al terminar, `end` con la sesión final; entonces se cierra. Una sesión terminada repite su registro y termina. El paso agent-response de un agente con documentos lleva en data.sources sus fuentes; el de synthesis, las de la respuesta final.",
  })
  @ApiOkResponse({
    description: 'Los eventos session, step (un LogEntryDto) y end (un CollaborationSessionDto)',
    content: { 'text/event-stream': { schema: { type: 'string', description: 'event: session|step|end, data: JSON' } } },
  })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_YOURS })
  async events(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Res() response: Response): Promise<void> {
    let row = await this.collaboration.findReadable(identity, id);
    const sse = new SseWriter(response);
    let closed = false;
    let wake: (() => void) | undefined;
    // A step heard while the stored row was being read is not missed: the next wait returns at once.
    let heard = false;
    const unlisten = this.runner.listen(id, () => {
      heard = true;
      wake?.();
    });
    response.on('close', () => {
      closed = true;
      wake?.();
    });
    try {
      sse.send('session', toSessionDto(row));
      let sent = 0;
      for (;;) {
        for (const entry of row.progress.log.filter((step) => step.seq > sent)) {
          sse.send('step', entry);
          sent = Math.max(sent, entry.seq);
        }
        if (FINISHED_STATUSES.includes(row.status)) {
          sse.send('end', toSessionDto(row));
          break;
        }
        if (!heard) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, EVENTS_POLL_MS).unref();
          });
        }
        heard = false;
        wake = undefined;
        if (closed) break;
        const next = await this.collaboration.current(id);
        if (!next) break;
        row = next;
      }
    } finally {
      unlisten();
      sse.end();
    }
  }

  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Cancela la sesión: queda cancelled y se abortan sus llamadas al modelo (una terminada se devuelve tal cual)' })
  @ApiOkResponse({ type: CollaborationSessionDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_YOURS })
  cancel(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<CollaborationSessionDto> {
    return this.collaboration.cancel(identity, id);
  }

  @Post(':id/replay')
  @RateLimit({ rules: SESSION_LIMITS })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: TOO_MANY })
  @ApiOperation({ summary: "'Repetir': una sesión nueva con los mismos agentes y consulta, con sus prompts actuales (replayOf: la original)" })
  @ApiCreatedResponse({ type: CollaborationSessionDto })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'La sesión todavía no ha terminado' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_YOURS })
  replay(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<CollaborationSessionDto> {
    return this.collaboration.replay(identity, id);
  }

  @Post(':id/save-as-ecosystem')
  @ApiOperation({ summary: "'Guardar como ecosistema': un ecosistema privado con los agentes de la sesión" })
  @ApiCreatedResponse({ type: EcosystemDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Cuerpo no válido: name falta o supera su límite, o un campo desconocido' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_YOURS })
  saveAsEcosystem(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Body() body: SaveAsEcosystemDto): Promise<EcosystemDto> {
    return this.collaboration.saveAsEcosystem(identity, id, body);
  }
}
