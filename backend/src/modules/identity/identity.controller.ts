import { Body, Controller, Get, Header, Headers, HttpCode, Inject, NotFoundException, Param, Post, Req, UseFilters } from '@nestjs/common';
import { ApiBadRequestResponse, ApiHeader, ApiInternalServerErrorResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../../common/auth/auth.decorators';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { CognitoErrorFilter } from './cognito-error.filter';
import { CognitoProtocolService } from './cognito-protocol.service';
import { CognitoErrorBodyDto, JwksDto } from './identity-protocol.dto';
import { SigningKeyService } from './services/signing-key.service';

/**
 * The embedded identity service at /idp, outside the /api prefix. It speaks the Amazon Cognito
 * user-pool JSON protocol so that aws-amplify runs against it unchanged (`userPoolEndpoint`).
 */
@ApiTags('identity')
@Public()
@UseFilters(CognitoErrorFilter)
@Controller('idp')
export class IdentityController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly protocol: CognitoProtocolService,
    private readonly keys: SigningKeyService,
  ) {}

  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Servicio de identidad embebido (protocolo JSON de Amazon Cognito)',
    description:
      'SignUp, ConfirmSignUp, ResendConfirmationCode, InitiateAuth, RespondToAuthChallenge, GetTokensFromRefreshToken, ' +
      'ForgotPassword, ConfirmForgotPassword, GetUser, GlobalSignOut, RevokeToken, AssociateSoftwareToken, ' +
      'VerifySoftwareToken y SetUserMFAPreference; con IDENTITY_ADMIN_ACCESS_KEY_ID, firmadas con SigV4, AdminGetUser, ' +
      'AdminDisableUser, AdminEnableUser, AdminUpdateUserAttributes, AdminUserGlobalSignOut y ListUsers. ' +
      'Los errores son HTTP 400 con { "__type", "message" }.',
  })
  @ApiHeader({ name: 'X-Amz-Target', required: true, example: 'AWSCognitoIdentityProviderService.InitiateAuth' })
  @ApiOkResponse({
    description: 'La respuesta de la operación, con la forma que le da Cognito',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiBadRequestResponse({ type: CognitoErrorBodyDto, description: 'El error de la operación, como lo da Cognito (también en la cabecera x-amzn-errortype)' })
  @ApiInternalServerErrorResponse({ type: CognitoErrorBodyDto, description: 'InternalErrorException' })
  call(@Headers('x-amz-target') target: string | undefined, @Body() body: unknown, @Req() request: Request): Promise<object> {
    const [path, query = ''] = request.originalUrl.split('?', 2);
    const rawBody = (request as Request & { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
    return this.protocol.handle(target, body, {
      ip: request.ip ?? request.socket.remoteAddress ?? 'unknown',
      signed: { method: request.method, path, query, headers: request.headers, body: rawBody },
    });
  }

  @Get(':poolId/.well-known/jwks.json')
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({ summary: 'Claves públicas (JWKS) con las que se firman los tokens del servicio embebido' })
  @ApiOkResponse({ type: JwksDto })
  @ApiNotFoundResponse({ type: CognitoErrorBodyDto, description: 'No existe ese grupo de usuarios (o el servicio de identidad no es el embebido)' })
  async jwks(@Param('poolId') poolId: string) {
    if (this.config.identity.provider !== 'embedded' || poolId !== this.config.identity.userPoolId) {
      throw new NotFoundException('No existe ese grupo de usuarios.');
    }
    return this.keys.jwks();
  }
}
