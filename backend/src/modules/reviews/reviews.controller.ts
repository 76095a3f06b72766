import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query, Res } from '@nestjs/common';
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
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentIdentity, Public, SignedInApi } from '../../common/auth/auth.decorators';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { CreateReportDto, ReportReceiptDto } from './dto/reports.dto';
import { ReplyDto, ReviewDto, ReviewPageDto, ReviewsQueryDto, WriteReviewDto } from './dto/reviews.dto';
import { ReportsService } from './reports/reports.service';
import { ReviewsService } from './reviews.service';

const AGENT_NOT_FOUND = 'Agente no encontrado (también si es privado de otro usuario)';
const REVIEW_NOT_FOUND = 'Valoración no encontrada (también si está oculta, o su agente no se puede ver)';
const REVIEWS_LIMIT = 'Más valoraciones o respuestas por hora de las que permite RATE_LIMIT_REVIEWS_PER_HOUR (Retry-After: segundos de espera)';
const REPORTS_LIMIT = 'Más denuncias por hora de las que permite RATE_LIMIT_REPORTS_PER_HOUR (Retry-After: segundos de espera)';
const ALREADY_REPORTED = "Quien llama ya lo denunció (code 'AlreadyReported')";

@ApiTags('reviews')
@Controller('agents')
export class AgentReviewsController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly reports: ReportsService,
  ) {}

  @Get(':agentId/reviews')
  @Public()
  @ApiOperation({ summary: 'Las valoraciones visibles del agente, paginadas, con el resumen (media, número e histograma)' })
  @ApiOkResponse({ type: ReviewPageDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'page, limit o sort fuera de sus límites' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: AGENT_NOT_FOUND })
  list(@CurrentIdentity() identity: VerifiedIdentity | undefined, @Param('agentId') agentId: string, @Query() query: ReviewsQueryDto): Promise<ReviewPageDto> {
    return this.reviews.list(identity, agentId, query);
  }

  @Post(':agentId/reviews')
  @SignedInApi()
  @RateLimit({ rules: [{ by: 'user', quota: 'reviews' }] })
  @ApiOperation({ summary: 'Valora el agente (1 a 5 estrellas y un comentario opcional); si ya lo valoró, la sustituye' })
  @ApiCreatedResponse({ type: ReviewDto, description: 'Creada' })
  @ApiOkResponse({ type: ReviewDto, description: 'Sustituye la que tenía (editada)' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: "No lo ha usado (code 'NotUsed': 'Solo puedes valorar agentes que has usado.') o es su creador (code 'OwnAgent')" })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: AGENT_NOT_FOUND })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: REVIEWS_LIMIT })
  async write(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('agentId') agentId: string,
    @Body() body: WriteReviewDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ReviewDto> {
    const { review, created } = await this.reviews.write(identity, agentId, body);
    response.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return review;
  }

  @Delete(':agentId/reviews/mine')
  @SignedInApi()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Borra la valoración de quien llama' })
  @ApiNoContentResponse({ description: 'Borrada' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `${AGENT_NOT_FOUND}; o quien llama no lo ha valorado` })
  async removeMine(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string): Promise<void> {
    await this.reviews.removeMine(identity, agentId);
  }

  @Post(':agentId/report')
  @SignedInApi()
  @RateLimit({ rules: [{ by: 'user', quota: 'reports' }] })
  @ApiOperation({ summary: 'Denuncia el agente (una vez por usuario); lo revisa un administrador' })
  @ApiCreatedResponse({ type: ReportReceiptDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: AGENT_NOT_FOUND })
  @ApiConflictResponse({ type: ErrorBodyDto, description: ALREADY_REPORTED })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: REPORTS_LIMIT })
  report(@CurrentIdentity() identity: VerifiedIdentity, @Param('agentId') agentId: string, @Body() body: CreateReportDto): Promise<ReportReceiptDto> {
    return this.reports.reportAgent(identity, agentId, body);
  }
}

@ApiTags('reviews')
@Controller('reviews')
export class ReviewsController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly reports: ReportsService,
  ) {}

  @Put(':reviewId/reply')
  @SignedInApi()
  @RateLimit({ rules: [{ by: 'user', quota: 'reviews' }] })
  @ApiOperation({ summary: 'La respuesta pública del creador del agente a una valoración (una por valoración; editable)' })
  @ApiOkResponse({ type: ReviewDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'Quien llama no es el creador del agente' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: REVIEW_NOT_FOUND })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: REVIEWS_LIMIT })
  reply(@CurrentIdentity() identity: VerifiedIdentity, @Param('reviewId') reviewId: string, @Body() body: ReplyDto): Promise<ReviewDto> {
    return this.reviews.reply(identity, reviewId, body);
  }

  @Post(':reviewId/report')
  @SignedInApi()
  @RateLimit({ rules: [{ by: 'user', quota: 'reports' }] })
  @ApiOperation({ summary: 'Denuncia la valoración (una vez por usuario); la revisa un administrador' })
  @ApiCreatedResponse({ type: ReportReceiptDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: REVIEW_NOT_FOUND })
  @ApiConflictResponse({ type: ErrorBodyDto, description: ALREADY_REPORTED })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: REPORTS_LIMIT })
  report(@CurrentIdentity() identity: VerifiedIdentity, @Param('reviewId') reviewId: string, @Body() body: CreateReportDto): Promise<ReportReceiptDto> {
    return this.reports.reportReview(identity, reviewId, body);
  }
}
