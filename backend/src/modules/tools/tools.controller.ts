import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentIdentity, SignedInApi } from '../../common/auth/auth.decorators';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';
import { CreateToolSourceDto, TestToolDto, ToolSourceDto, ToolSourceListDto, ToolTestResultDto, UpdateToolSourceDto } from './dto/tools.dto';
import { ToolsService } from './tools.service';

const NOT_FOUND = 'Agente no encontrado (también si es privado de otro usuario)';
const FORBIDDEN = 'El agente es de otro usuario: solo su creador o un admin gestionan sus herramientas';

@ApiTags('tools')
@SignedInApi()
@Controller('agents/:agentId/tools')
export class ToolsController {
  constructor(private readonly tools: ToolsService) {}

  @Get()
  @ApiOperation({ summary: 'Las fuentes de herramientas del agente (servidores MCP y APIs OpenAPI) con las herramientas encontradas' })
  @ApiOkResponse({ type: ToolSourceListDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: FORBIDDEN })
  list(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string): Promise<ToolSourceListDto> {
    return this.tools.list(identity, agentId);
  }

  @Post()
  @ApiOperation({
    summary: 'Conecta un servidor MCP o una API OpenAPI 3 y descubre sus herramientas',
    description:
      'Responde con status «ready» y las herramientas encontradas (todas desactivadas hasta que las actives), o «failed» con el motivo en error. La credencial se guarda cifrada y nunca se devuelve.',
  })
  @ApiCreatedResponse({ type: ToolSourceDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Falta la URL, el documento o la credencial, o no son válidos' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: FORBIDDEN })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'El agente ya tiene 20 fuentes de herramientas' })
  create(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string, @Body() body: CreateToolSourceDto): Promise<ToolSourceDto> {
    return this.tools.create(identity, agentId, body);
  }

  @Put(':toolSourceId')
  @ApiOperation({ summary: 'Cambia el nombre, la credencial o los interruptores «Activa» y «Pide confirmación» de sus herramientas' })
  @ApiOkResponse({ type: ToolSourceDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Datos no válidos' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `${NOT_FOUND}, o fuente o herramienta no encontrada` })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: FORBIDDEN })
  update(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('agentId') agentId: string,
    @Param('toolSourceId') toolSourceId: string,
    @Body() body: UpdateToolSourceDto,
  ): Promise<ToolSourceDto> {
    return this.tools.update(identity, agentId, toolSourceId, body);
  }

  @Delete(':toolSourceId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Elimina la fuente; sus herramientas dejan de ofrecerse al agente' })
  @ApiNoContentResponse({ description: 'Eliminada' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `${NOT_FOUND}, o fuente no encontrada` })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: FORBIDDEN })
  remove(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string, @Param('toolSourceId') toolSourceId: string): Promise<void> {
    return this.tools.remove(identity, agentId, toolSourceId);
  }

  @Post(':toolSourceId/refresh')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Vuelve a descubrir las herramientas; las que siguen conservan sus interruptores' })
  @ApiOkResponse({ type: ToolSourceDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `${NOT_FOUND}, o fuente no encontrada` })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: FORBIDDEN })
  refresh(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string, @Param('toolSourceId') toolSourceId: string): Promise<ToolSourceDto> {
    return this.tools.refresh(identity, agentId, toolSourceId);
  }

  @Post(':toolSourceId/test')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Prueba una herramienta con unos argumentos',
    description: 'Un fallo de la herramienta (argumentos no válidos, error HTTP, sin respuesta en 20 s) llega como ok: false con el motivo en output.',
  })
  @ApiOkResponse({ type: ToolTestResultDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Datos no válidos' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `${NOT_FOUND}, o fuente o herramienta no encontrada` })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: FORBIDDEN })
  test(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('agentId') agentId: string,
    @Param('toolSourceId') toolSourceId: string,
    @Body() body: TestToolDto,
  ): Promise<ToolTestResultDto> {
    return this.tools.test(identity, agentId, toolSourceId, body);
  }
}
