import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentIdentity, Public } from '../../../common/auth/auth.decorators';
import { clientIp, RateLimit } from '../../../common/rate-limit/rate-limit';
import type { VerifiedIdentity } from '../../../common/auth/id-token-verifier';
import { ContactService } from './contact.service';
import { ContactReceivedDto, ContactRequestDto } from './dto/contact.dto';
import { ErrorBodyDto } from '../../../common/errors/error-body.dto';

export const CONTACT_RATE_LIMIT_MESSAGE =
  'Has enviado demasiados mensajes de contacto. Espera un rato (como máximo una hora) y vuelve a intentarlo.';

@ApiTags('support')
@Public()
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @HttpCode(201)
  @RateLimit({
    rules: [{ name: 'contact', limit: 5, ttlMs: 60 * 60_000, by: 'ip' }],
    message: CONTACT_RATE_LIMIT_MESSAGE,
  })
  @ApiCreatedResponse({ type: ContactReceivedDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Datos del formulario no válidos' })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'Más de 5 mensajes en una hora desde la misma dirección' })
  send(
    @Body() body: ContactRequestDto,
    @Req() request: Request,
    @CurrentIdentity() identity: VerifiedIdentity | undefined,
  ): Promise<ContactReceivedDto> {
    return this.contact.receive(body, { ip: clientIp(request), userSub: identity?.sub });
  }
}
