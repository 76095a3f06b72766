import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { CurrentIdentity, SignedInApi } from '../../common/auth/auth.decorators';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import {
  AddKnowledgeBodyDto,
  KnowledgeDocumentDto,
  KnowledgeDocumentListDto,
  KnowledgeSearchDto,
  KnowledgeSearchResultDto,
} from './dto/knowledge.dto';
import { KnowledgeUploadInterceptor } from './knowledge-upload.interceptor';
import { KnowledgeService, type UploadedDocument } from './knowledge.service';

const NOT_FOUND = 'Agente no encontrado (también si es privado de otro usuario)';
const FORBIDDEN = 'El agente es de otro usuario: solo su creador o un admin gestionan su conocimiento';

@ApiTags('knowledge')
@SignedInApi()
@Controller('agents/:agentId/knowledge')
export class KnowledgeController {
  constructor(private readonly knowledge: KnowledgeService) {}

  @Post()
  @RateLimit({ rules: [{ by: 'user', quota: 'uploads' }] })
  @UseInterceptors(KnowledgeUploadInterceptor)
  @ApiOperation({
    summary: 'Da un documento al agente (PDF, DOCX, TXT, Markdown, HTML o CSV)',
    description:
      'Un archivo en el campo «file» de un formulario multipart/form-data, o JSON { fileId } de un archivo tuyo subido con POST /api/files. El formato se reconoce por el contenido. Responde en cuanto está guardado, con status «processing»; se procesa en segundo plano hasta «ready» (o «failed» con el motivo en error).',
  })
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: AddKnowledgeBodyDto })
  @ApiCreatedResponse({ type: KnowledgeDocumentDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Sin documento, vacío, o fileId no válido' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `${NOT_FOUND}, o archivo no encontrado` })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: FORBIDDEN })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'El agente ya tiene los documentos que permite KNOWLEDGE_MAX_DOCUMENTS' })
  @ApiPayloadTooLargeResponse({ type: ErrorBodyDto, description: 'El documento supera KNOWLEDGE_MAX_FILE_MB' })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorBodyDto, description: 'No es un PDF, DOCX, TXT, Markdown, HTML ni CSV' })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'Más subidas por hora de las que permite RATE_LIMIT_UPLOADS_PER_HOUR (Retry-After: segundos de espera)' })
  add(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('agentId') agentId: string,
    @UploadedFile() file: UploadedDocument | undefined,
    @Body() body: AddKnowledgeBodyDto,
  ): Promise<KnowledgeDocumentDto> {
    return this.knowledge.add(identity, agentId, file, body.fileId);
  }

  @Get()
  @ApiOperation({ summary: 'Los documentos del agente con su estado, el más reciente primero' })
  @ApiOkResponse({ type: KnowledgeDocumentListDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: FORBIDDEN })
  list(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string): Promise<KnowledgeDocumentListDto> {
    return this.knowledge.list(identity, agentId);
  }

  @Post('search')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Los fragmentos de sus documentos que el agente recibiría para una pregunta, con documento y página' })
  @ApiOkResponse({ type: KnowledgeSearchResultDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'query o limit no válidos' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: FORBIDDEN })
  search(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string, @Body() body: KnowledgeSearchDto): Promise<KnowledgeSearchResultDto> {
    return this.knowledge.search(identity, agentId, body.query, body.limit);
  }

  @Get(':documentId')
  @ApiOperation({ summary: 'Un documento del agente con su estado («Procesando 12 de 40 páginas»)' })
  @ApiOkResponse({ type: KnowledgeDocumentDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `${NOT_FOUND}, o documento no encontrado` })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: FORBIDDEN })
  get(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string, @Param('documentId') documentId: string): Promise<KnowledgeDocumentDto> {
    return this.knowledge.get(identity, agentId, documentId);
  }

  @Delete(':documentId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Borra el documento; sus fragmentos dejan de encontrarse en ese momento' })
  @ApiNoContentResponse({ description: 'Borrado' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `${NOT_FOUND}, o documento no encontrado` })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: FORBIDDEN })
  remove(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string, @Param('documentId') documentId: string): Promise<void> {
    return this.knowledge.remove(identity, agentId, documentId);
  }
}
