import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, SignedInApi, UserIdParams } from '../../common/auth/auth.decorators';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import {
  InteractionStateDto,
  RegistrationContactDto,
  RegistrationDto,
  RegistrationRequestDto,
  UpdateUserDto,
} from './dto/users.dto';
import { UsersService } from './users.service';

const OTHER_USER = 'El usuario no es quien llama (y quien llama no es admin)';
const NOT_REGISTERED = 'No se encontró el registro del usuario';

@ApiTags('users')
@SignedInApi()
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post('registration')
  @ApiOkResponse({ type: RegistrationDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `${INVALID_BODY}; o el correo no es el de la cuenta` })
  register(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: RegistrationRequestDto): Promise<RegistrationDto> {
    return this.users.register(identity, body.contactName, body.email);
  }

  @Get('registration/username/:username')
  @UserIdParams('username')
  @ApiOkResponse({ type: RegistrationContactDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: OTHER_USER })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_REGISTERED })
  contact(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('username') username: string,
  ): Promise<RegistrationContactDto> {
    return this.users.contact(identity, username);
  }

  @Get('registration/:id')
  @UserIdParams('id')
  @ApiOkResponse({ type: RegistrationDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: OTHER_USER })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_REGISTERED })
  registration(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<RegistrationDto> {
    return this.users.registration(identity, id);
  }

  @Put(':id')
  @UserIdParams('id')
  @ApiOkResponse({ type: RegistrationDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `${INVALID_BODY}; o el nombre público no tiene un formato válido o está reservado` })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: OTHER_USER })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_REGISTERED })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'Ese nombre público ya lo usa otra persona' })
  update(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('id') id: string,
    @Body() body: UpdateUserDto,
  ): Promise<RegistrationDto> {
    return this.users.update(identity, id, body);
  }

  @Get(':id/interaction-state')
  @UserIdParams('id')
  @ApiOkResponse({ type: InteractionStateDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: OTHER_USER })
  interactionState(@Param('id') id: string): Promise<InteractionStateDto> {
    return this.users.interactionState(id);
  }
}
