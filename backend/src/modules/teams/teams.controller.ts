import { BadRequestException, Body, Controller, Delete, Get, Param, ParseArrayPipe, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { ValidationError } from 'class-validator';
import { CurrentIdentity, SignedInApi, UserIdParams } from '../../common/auth/auth.decorators';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { TeamAgentDto, TeamEcosystemDto, TeamRemovalDto, UserAgentDto, UserEcosystemDto } from './dto/team.dto';
import { TeamsService } from './teams.service';

const OTHER_USER = 'userId no es quien llama (y quien llama no es admin)';

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
@SignedInApi()
@ApiForbiddenResponse({ type: ErrorBodyDto, description: OTHER_USER })
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
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'El agente no existe o quien llama no puede verlo' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'Este agente ya está en tu equipo' })
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
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'La lista no es válida, supera el máximo de agentes o nombra agentes que no existen' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'El equipo cambió mientras se guardaba; inténtalo de nuevo' })
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
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Este agente no está en tu equipo' })
  remove(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('userId') userId: string,
    @Param('agentId') agentId: string,
  ): Promise<TeamRemovalDto> {
    return this.teams.removeAgent(identity, userId, agentId);
  }
}

@ApiTags('teams')
@SignedInApi()
@ApiForbiddenResponse({ type: ErrorBodyDto, description: OTHER_USER })
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
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'El ecosistema no existe o quien llama no puede verlo' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'Este ecosistema ya está en tu equipo' })
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
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Este ecosistema no está en tu equipo' })
  remove(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('userId') userId: string,
    @Param('ecosystemId') ecosystemId: string,
  ): Promise<TeamRemovalDto> {
    return this.teams.removeEcosystem(identity, userId, ecosystemId);
  }
}
