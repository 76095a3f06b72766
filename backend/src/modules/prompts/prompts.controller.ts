import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, ParseIntPipe, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { CurrentIdentity, SignedInApi } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import {
  CreatePromptVersionDto,
  DeletedPromptDto,
  DeletedPromptVersionDto,
  DeletedTestCaseDto,
  EnhancedPromptDto,
  EnhancePromptDto,
  PromptVersionDto,
  SaveTestCaseDto,
  SetCurrentQueryDto,
  TestCaseDto,
  TestRunDto,
} from './dto/prompts.dto';
import { PromptEnhancer } from './prompt-enhancer';
import { PromptTestsService } from './prompt-tests.service';
import { PromptsService } from './prompts.service';
import { PromptVersionNotFoundError, TestCaseNotFoundError } from './prompts.errors';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';

const versionNumber = new ParseIntPipe({ exceptionFactory: () => new PromptVersionNotFoundError() });
const testCaseId = new ParseUUIDPipe({ exceptionFactory: () => new TestCaseNotFoundError() });

const NOT_THE_CREATOR = 'El agente no es de quien llama (y quien llama no es admin); un agente privado de otro usuario da 404';
const AGENT_NOT_VISIBLE = 'El agente no existe o quien llama no puede verlo';
const MODEL_CALLS_LIMIT = 'Más consultas al modelo por minuto de las que permite RATE_LIMIT_MODEL_CALLS_PER_MINUTE (Retry-After: segundos de espera)';

@ApiTags('prompts')
@SignedInApi()
@ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_THE_CREATOR })
@Controller('agent-prompts')
export class AgentPromptsController {
  constructor(
    private readonly prompts: PromptsService,
    private readonly tests: PromptTestsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'El prompt actual de cada agente creado por quien llama' })
  @ApiOkResponse({ type: [PromptVersionDto] })
  mine(@CurrentIdentity() identity: VerifiedIdentity): Promise<PromptVersionDto[]> {
    return this.prompts.currentOfMine(identity);
  }

  @Get(':agentId')
  @ApiOperation({ summary: 'La versión actual del prompt del agente (404: no tiene)' })
  @ApiOkResponse({ type: PromptVersionDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'El agente no existe, no es visible o no tiene prompt' })
  current(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string): Promise<PromptVersionDto> {
    return this.prompts.current(identity, agentId);
  }

  @Post()
  @RateLimit({ rules: [{ by: 'user', quota: 'agents' }] })
  @ApiOperation({ summary: 'Añade una versión del prompt, que pasa a ser la actual' })
  @ApiCreatedResponse({ type: PromptVersionDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: AGENT_NOT_VISIBLE })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'Más agentes por hora de los que permite RATE_LIMIT_AGENTS_PER_HOUR (Retry-After: segundos de espera)' })
  add(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: CreatePromptVersionDto): Promise<PromptVersionDto> {
    return this.prompts.add(identity, body);
  }

  @Delete(':agentId')
  @ApiOperation({ summary: 'Elimina el prompt del agente con todas sus versiones' })
  @ApiOkResponse({ type: DeletedPromptDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'El agente no existe, no es visible o no tiene prompt' })
  remove(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string): Promise<DeletedPromptDto> {
    return this.prompts.removeAll(identity, agentId);
  }

  @Get(':agentId/test-cases')
  @ApiOperation({ summary: 'Los casos de prueba del agente, en el orden en que se añadieron' })
  @ApiOkResponse({ type: [TestCaseDto] })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: AGENT_NOT_VISIBLE })
  testCases(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string): Promise<TestCaseDto[]> {
    return this.tests.list(identity, agentId);
  }

  @Post(':agentId/test-cases')
  @ApiOperation({ summary: 'Añade un caso de prueba (como máximo 20 por agente)' })
  @ApiCreatedResponse({ type: TestCaseDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `${INVALID_BODY}; o el patrón no es una expresión regular válida` })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: AGENT_NOT_VISIBLE })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'El agente ya tiene el máximo de casos' })
  addTestCase(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('agentId') agentId: string,
    @Body() body: SaveTestCaseDto,
  ): Promise<TestCaseDto> {
    return this.tests.add(identity, agentId, body);
  }

  @Put(':agentId/test-cases/:caseId')
  @ApiOperation({ summary: 'Cambia la pregunta o la expectativa de un caso de prueba' })
  @ApiOkResponse({ type: TestCaseDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `${INVALID_BODY}; o el patrón no es una expresión regular válida` })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'El agente no es visible o no tiene ese caso de prueba' })
  updateTestCase(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('agentId') agentId: string,
    @Param('caseId', testCaseId) caseId: string,
    @Body() body: SaveTestCaseDto,
  ): Promise<TestCaseDto> {
    return this.tests.update(identity, agentId, caseId, body);
  }

  @Delete(':agentId/test-cases/:caseId')
  @ApiOperation({ summary: 'Elimina un caso de prueba' })
  @ApiOkResponse({ type: DeletedTestCaseDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'El agente no es visible o no tiene ese caso de prueba' })
  removeTestCase(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('agentId') agentId: string,
    @Param('caseId', testCaseId) caseId: string,
  ): Promise<DeletedTestCaseDto> {
    return this.tests.remove(identity, agentId, caseId);
  }
}

@ApiTags('prompts')
@SignedInApi()
@Controller('fine-tuning')
export class PromptVersionsController {
  constructor(
    private readonly prompts: PromptsService,
    private readonly tests: PromptTestsService,
    private readonly enhancer: PromptEnhancer,
  ) {}

  @Post('enhance-prompt')
  @HttpCode(HttpStatus.OK)
  @RateLimit({ rules: [{ by: 'user', quota: 'modelCalls' }] })
  @ApiOperation({ summary: 'El modelo reescribe el prompt (no se guarda nada)' })
  @ApiOkResponse({ type: EnhancedPromptDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: "'El prompt no puede estar vacío para ser mejorado.'" })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'No hay ningún modelo configurado' })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: 'El modelo no ha devuelto ningún prompt mejorado' })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: MODEL_CALLS_LIMIT })
  enhance(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: EnhancePromptDto): Promise<EnhancedPromptDto> {
    return this.enhancer.enhance(identity, body.prompt ?? '');
  }

  @Get('agent-prompts/:agentId/versions')
  @ApiOperation({ summary: 'Las versiones del prompt del agente, de la más nueva a la más antigua' })
  @ApiOkResponse({ type: [PromptVersionDto] })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_THE_CREATOR })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: AGENT_NOT_VISIBLE })
  versions(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string): Promise<PromptVersionDto[]> {
    return this.prompts.versions(identity, agentId);
  }

  @Get('agent-prompts/:agentId/versions/:version')
  @ApiOkResponse({ type: PromptVersionDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_THE_CREATOR })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'El agente no es visible o no existe esa versión' })
  version(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('agentId') agentId: string,
    @Param('version', versionNumber) version: number,
  ): Promise<PromptVersionDto> {
    return this.prompts.version(identity, agentId, version);
  }

  @Delete('agent-prompts/:agentId/versions/:version')
  @ApiOperation({ summary: 'Elimina una versión que no es la actual' })
  @ApiOkResponse({ type: DeletedPromptVersionDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_THE_CREATOR })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'El agente no es visible o no existe esa versión' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: "Es la versión actual (code 'CurrentPromptVersion')" })
  removeVersion(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('agentId') agentId: string,
    @Param('version', versionNumber) version: number,
  ): Promise<DeletedPromptVersionDto> {
    return this.prompts.removeVersion(identity, agentId, version);
  }

  @Post('agent-prompts/:agentId/versions/:version/set-current')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Hace actual la versión: los chats con el agente la usan desde ese momento',
    description:
      "Si su última prueba superó menos casos que la versión actual, responde 409 con code 'CandidatePassesFewerTests' y el aviso; con ?force=true la establece igualmente.",
  })
  @ApiOkResponse({ type: PromptVersionDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_THE_CREATOR })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'force no es true ni false' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'El agente no es visible o no existe esa versión' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'La versión candidata supera menos casos de prueba que la actual' })
  setCurrent(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('agentId') agentId: string,
    @Param('version', versionNumber) version: number,
    @Query() query: SetCurrentQueryDto,
  ): Promise<PromptVersionDto> {
    return this.prompts.setCurrent(identity, agentId, version, query.force === 'true');
  }

  @Post('agent-prompts/:agentId/versions/:version/test-run')
  @HttpCode(HttpStatus.OK)
  @RateLimit({ rules: [{ by: 'user', quota: 'modelCalls' }] })
  @ApiOperation({
    summary: 'Prueba la versión: cada caso de prueba contra ella y contra la actual, con el resultado de cada una',
    description: 'Hasta 3 preguntas al modelo a la vez; cada una tiene 60 s. Un fallo del modelo suspende ese caso, no la prueba.',
  })
  @ApiOkResponse({ type: TestRunDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_THE_CREATOR })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'El agente no es visible, no existe esa versión o el agente no tiene prompt' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'El agente no tiene casos de prueba' })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'No hay ningún modelo configurado' })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: MODEL_CALLS_LIMIT })
  testRun(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('agentId') agentId: string,
    @Param('version', versionNumber) version: number,
  ): Promise<TestRunDto> {
    return this.tests.run(identity, agentId, version);
  }
}
