import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, UserIdParams } from '../../common/auth/auth.decorators';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import {
  InteractionStateDto,
  RegistrationContactDto,
  RegistrationDto,
  RegistrationRequestDto,
  UpdateUserDto,
} from './dto/users.dto';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post('registration')
  @ApiOkResponse({ type: RegistrationDto })
  register(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: RegistrationRequestDto): Promise<RegistrationDto> {
    return this.users.register(identity, body.contactName, body.email);
  }

  @Get('registration/username/:username')
  @UserIdParams('username')
  @ApiOkResponse({ type: RegistrationContactDto })
  contact(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('username') username: string,
  ): Promise<RegistrationContactDto> {
    return this.users.contact(identity, username);
  }

  @Get('registration/:id')
  @UserIdParams('id')
  @ApiOkResponse({ type: RegistrationDto })
  registration(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<RegistrationDto> {
    return this.users.registration(identity, id);
  }

  @Put(':id')
  @UserIdParams('id')
  @ApiOkResponse({ type: RegistrationDto })
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
  interactionState(@Param('id') id: string): Promise<InteractionStateDto> {
    return this.users.interactionState(id);
  }
}
