import { BadRequestException, Body, Controller, Delete, Get, Param, ParseArrayPipe, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ValidationError } from 'class-validator';
import { CurrentIdentity, UserIdParams } from '../../common/auth/auth.decorators';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { TeamAgentDto, TeamEcosystemDto, TeamRemovalDto, UserAgentDto, UserEcosystemDto } from './dto/team.dto';
import { TeamsService } from './teams.service';

/** The sync body is a JSON array, which the global pipe does not validate item by item. */
const syncBodyPipe = new ParseArrayPipe({
  items: TeamAgentDto,
  whitelist: true,
  forbidNonWhitelisted: true,
  exceptionFactory: (errors: unknown) => new BadRequestException(syncMessage(errors)),
});

function syncMessage(errors: unknown): string {
  if (typeof errors === 'string') {
    return errors.includes('array') ? 'El cuerpo debe ser una lista de agentes ({ agentId, name, category, description, avatar }).' : errors;
  }
  const messages: string[] = [];
  const walk = (list: ValidationError[], prefix: string) => {
    for (const error of list) {
      const path = prefix ? `${prefix}.${error.property}` : error.property;
      for (const message of Object.values(error.constraints ?? {})) {
        messages.push(error.constraints?.whitelistValidation ? `la propiedad ${path} no está permitida` : `${prefix ? `[${prefix}] ` : ''}${message}`);
      }
      walk(error.children ?? [], path);
    }
  };
  walk(Array.isArray(errors) ? (errors as ValidationError[]) : [], '');
  return messages.length > 0 ? messages.join('. ') : 'La lista de agentes no es válida.';
}

@ApiTags('teams')
@ApiBearerAuth()
@Controller('user-agents')
export class UserAgentsController {
  constructor(private readonly teams: TeamsService) {}

  @Get(':userId')
  @UserIdParams('userId')
  @ApiOkResponse({ type: [UserAgentDto] })
  list(@CurrentIdentity() identity: VerifiedIdentity, @Param('userId') userId: string): Promise<UserAgentDto[]> {
    return this.teams.listAgents(identity, userId);
  }

  @Post(':userId')
  @UserIdParams('userId')
  @ApiCreatedResponse({ type: UserAgentDto })
  add(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('userId') userId: string,
    @Body() body: TeamAgentDto,
  ): Promise<UserAgentDto> {
    return this.teams.addAgent(identity, userId, body);
  }

  @Put(':userId/sync')
  @UserIdParams('userId')
  @ApiOperation({ summary: 'Sustituye el equipo del usuario por exactamente esta lista' })
  @ApiBody({ type: [TeamAgentDto] })
  @ApiOkResponse({ type: [UserAgentDto] })
  sync(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('userId') userId: string,
    @Body(syncBodyPipe) items: TeamAgentDto[],
  ): Promise<UserAgentDto[]> {
    return this.teams.syncAgents(identity, userId, items);
  }

  @Delete(':userId/:agentId')
  @UserIdParams('userId')
  @ApiOkResponse({ type: TeamRemovalDto })
  remove(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('userId') userId: string,
    @Param('agentId') agentId: string,
  ): Promise<TeamRemovalDto> {
    return this.teams.removeAgent(identity, userId, agentId);
  }
}

@ApiTags('teams')
@ApiBearerAuth()
@Controller('user-ecosystems')
export class UserEcosystemsController {
  constructor(private readonly teams: TeamsService) {}

  @Get(':userId')
  @UserIdParams('userId')
  @ApiOkResponse({ type: [UserEcosystemDto] })
  list(@CurrentIdentity() identity: VerifiedIdentity, @Param('userId') userId: string): Promise<UserEcosystemDto[]> {
    return this.teams.listEcosystems(identity, userId);
  }

  @Post(':userId')
  @UserIdParams('userId')
  @ApiCreatedResponse({ type: UserEcosystemDto })
  add(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('userId') userId: string,
    @Body() body: TeamEcosystemDto,
  ): Promise<UserEcosystemDto> {
    return this.teams.addEcosystem(identity, userId, body.ecosystemId);
  }

  @Delete(':userId/:ecosystemId')
  @UserIdParams('userId')
  @ApiOkResponse({ type: TeamRemovalDto })
  remove(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('userId') userId: string,
    @Param('ecosystemId') ecosystemId: string,
  ): Promise<TeamRemovalDto> {
    return this.teams.removeEcosystem(identity, userId, ecosystemId);
  }
}
