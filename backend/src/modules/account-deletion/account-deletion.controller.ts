import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminApi, AllowedWhileDeleting, CurrentIdentity, SignedInApi } from '../../common/auth/auth.decorators';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';
import { AccountDeletionService } from './account-deletion.service';
import { DeletionScheduledDto, DeletionStateDto, ErasedAccountDto, RequestDeletionDto } from './dto/account-deletion.dto';

const PENDING = "La cuenta ya tiene una eliminación pendiente (code 'AccountDeletionPending': 'Tu cuenta se eliminará el {fecha}.'); así responde a esa cuenta toda ruta salvo GET /api/me/delete y POST /api/me/delete/cancel";

@ApiTags('account')
@SignedInApi()
@Controller('me/delete')
export class AccountDeletionController {
  constructor(private readonly deletions: AccountDeletionService) {}

  @Get()
  @AllowedWhileDeleting()
  @ApiOperation({ summary: 'Si la cuenta tiene una eliminación pendiente y cuándo se borrará (la pantalla que ve durante esos 30 días)' })
  @ApiOkResponse({ type: DeletionStateDto })
  state(@CurrentIdentity() identity: VerifiedIdentity): Promise<DeletionStateDto> {
    return this.deletions.state(identity);
  }

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Eliminar mi cuenta: confirmada con el correo y la contraseña (y el código de la aplicación de autenticación o el enviado por correo si la verificación en dos pasos está activa)',
    description:
      'Al momento: se cierran todas las sesiones, las claves de API dejan de funcionar, los agentes públicos salen del marketplace y las suscripciones se cancelan al final del periodo pagado. A los 30 días se borra todo (README, «Eliminar mi cuenta»).',
  })
  @ApiAcceptedResponse({ type: DeletionScheduledDto })
  @ApiBadRequestResponse({
    type: ErrorBodyDto,
    description: `${INVALID_BODY}; o el correo no es el de la cuenta (code 'ConfirmEmailMismatch'), la contraseña no es correcta ('WrongPassword'), falta el código de la aplicación de autenticación ('MfaCodeRequired'), se acaba de enviar el código por correo electrónico y hay que repetir la petición con mfaCode ('MfaCodeSent') o el código no es correcto ('WrongMfaCode')`,
  })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: PENDING })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'Quien llama es el único administrador activo' })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'Demasiados intentos fallidos de contraseña o código' })
  request(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: RequestDeletionDto, @Req() request: Request): Promise<DeletionScheduledDto> {
    return this.deletions.request(identity, body, request.ip ?? request.socket.remoteAddress ?? 'unknown');
  }

  @Post('cancel')
  @HttpCode(HttpStatus.OK)
  @AllowedWhileDeleting()
  @ApiOperation({ summary: 'Cancelar la eliminación: la cuenta y sus claves de API vuelven a funcionar (sus agentes siguen privados y sus suscripciones terminan con su periodo, salvo que el usuario lo cambie)' })
  @ApiOkResponse({ type: DeletionStateDto, description: 'scheduledFor: null (también si no había ninguna pendiente)' })
  cancel(@CurrentIdentity() identity: VerifiedIdentity): Promise<DeletionStateDto> {
    return this.deletions.cancel(identity);
  }
}

@AdminApi()
@Controller('api-admin/users')
export class AdminEraseController {
  constructor(private readonly deletions: AccountDeletionService) {}

  @Post(':id/erase')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Borra la cuenta al momento, como al final de los 30 días (README, «Eliminar mi cuenta»); queda en el registro de auditoría' })
  @ApiOkResponse({ type: ErasedAccountDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Es la cuenta del propio administrador' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'No hay ninguna cuenta con ese id' })
  erase(@CurrentIdentity() admin: VerifiedIdentity, @Param('id') id: string): Promise<ErasedAccountDto> {
    return this.deletions.eraseNow(admin, id);
  }
}
