import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { CurrentIdentity, Public } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { AssistantService } from './assistant.service';
import { ASSISTANT_RATE_LIMIT_MESSAGE, AssistantMessageRequestDto, AssistantReplyDto } from './dto/assistant.dto';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';

@ApiTags('assistant')
@Public()
@Controller('assistant')
export class AssistantController {
  constructor(private readonly assistant: AssistantService) {}

  /** Nothing is created or stored, hence 200. */
  @Post('messages')
  @HttpCode(200)
  @RateLimit({
    rules: [
      { name: 'assistant-visitor', limit: 20, ttlMs: 60_000, by: 'ip-and-session' },
      // A new session id per message must not lift the limit: a looser cap per address.
      { name: 'assistant-ip', limit: 120, ttlMs: 60_000, by: 'ip' },
      // A signed-in user's questions may reach the model: they count as model calls too.
      { by: 'user', quota: 'modelCalls' },
    ],
    message: ASSISTANT_RATE_LIMIT_MESSAGE,
  })
  @ApiOkResponse({ type: AssistantReplyDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Mensaje vacío o demasiado largo, sessionId no válido o campo desconocido' })
  @ApiTooManyRequestsResponse({
    type: ErrorBodyDto, description:
      'Más de 20 mensajes por minuto desde la misma sesión y dirección, o (con sesión iniciada) más consultas al modelo de las que permite RATE_LIMIT_MODEL_CALLS_PER_MINUTE',
  })
  send(
    @Body() body: AssistantMessageRequestDto,
    @CurrentIdentity() identity: VerifiedIdentity | undefined,
  ): Promise<AssistantReplyDto> {
    return this.assistant.reply({
      sessionId: body.sessionId,
      message: body.message,
      page: body.page || undefined,
      caller: identity ? { sub: identity.sub, name: identity.name } : undefined,
    });
  }
}
