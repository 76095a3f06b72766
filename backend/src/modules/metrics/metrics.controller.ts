import { Controller, Get, Headers, Res } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/auth/auth.decorators';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';
import { MetricsService } from './metrics.service';
import { METRICS_CONTENT_TYPE } from './scrape';

/** The refusals are the API's JSON error body, while the scrape itself is text. */
const ERROR_BODY = { 'application/json': { schema: { $ref: getSchemaPath(ErrorBodyDto) } } };

/** Outside the /api prefix (app.factory.ts), where Prometheus looks by default. */
@ApiTags('metrics')
@ApiExtraModels(ErrorBodyDto)
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @ApiOperation({
    summary: 'Métricas de Prometheus (texto): con Authorization: Bearer <METRICS_TOKEN>; con METRICS_PORT, solo en ese puerto de 127.0.0.1',
  })
  @ApiOkResponse({ content: { [METRICS_CONTENT_TYPE]: { schema: { type: 'string' } } }, description: 'Formato de texto de Prometheus 0.0.4' })
  @ApiUnauthorizedResponse({ content: ERROR_BODY, description: 'Sin el token, con otro, o sin METRICS_TOKEN configurado' })
  @ApiNotFoundResponse({ content: ERROR_BODY, description: 'Con METRICS_PORT: no se sirven en el puerto principal' })
  @ApiServiceUnavailableResponse({ content: ERROR_BODY, description: 'Con WEB_CONCURRENCY > 1: algún proceso no respondió a tiempo (uno que arranca)' })
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) response: Response): Promise<string> {
    const text = await this.metrics.scrape(authorization);
    response.setHeader('Content-Type', METRICS_CONTENT_TYPE).setHeader('Cache-Control', 'no-store');
    return text;
  }
}
