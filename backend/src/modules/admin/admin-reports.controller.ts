import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminApi, CurrentIdentity } from '../../common/auth/auth.decorators';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';
import { AdminReportDto, AdminReportListDto, ReportsQueryDto, ResolveReportDto } from '../reviews/dto/reports.dto';
import { ReportsService } from '../reviews/reports/reports.service';

/** 'Denuncias' (issue 34): reports of agents and reviews, and their resolution. */
@AdminApi()
@Controller('api-admin/reports')
export class AdminReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  @ApiOperation({ summary: 'Denuncias abiertas (las más antiguas primero) o resueltas (las más recientes primero)' })
  @ApiOkResponse({ type: AdminReportListDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'status no es open ni resolved' })
  list(@CurrentIdentity() admin: VerifiedIdentity, @Query() query: ReportsQueryDto): Promise<AdminReportListDto> {
    return this.reports.list(admin, query.status ?? 'open');
  }

  @Post(':reportId/resolve')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Resuelve la denuncia (y las demás abiertas sobre lo mismo): oculta la valoración, despublica el agente (se avisa a su creador) o la descarta; queda en el registro de auditoría',
  })
  @ApiOkResponse({ type: AdminReportDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `${INVALID_BODY}; o hide para un agente, o unpublish para una valoración` })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Denuncia no encontrada' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: "Ya estaba resuelta (code 'ReportResolved')" })
  resolve(@CurrentIdentity() admin: VerifiedIdentity, @Param('reportId') reportId: string, @Body() body: ResolveReportDto): Promise<AdminReportDto> {
    return this.reports.resolve(admin, reportId, body);
  }
}
