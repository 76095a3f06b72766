import { Controller, Get, Res } from '@nestjs/common';
import { Public } from '../../common/auth/auth.decorators';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { HealthDto, LivenessDto, ReadinessDto } from './health.dto';
import { HealthService } from './health.service';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ type: HealthDto, description: 'La base de datos no responde' })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthDto> {
    const health = await this.health.check();
    response.status(health.status === 'ok' ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return health;
  }

  @Get('live')
  @ApiOperation({ summary: 'Sonda de vida: el proceso responde (no mira la base de datos)' })
  @ApiOkResponse({ type: LivenessDto })
  live(@Res({ passthrough: true }) response: Response): LivenessDto {
    response.setHeader('Cache-Control', 'no-store');
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Sonda de disponibilidad: la base de datos responde con las migraciones aplicadas, Redis responde si está configurado y la instancia no se está cerrando',
  })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({ type: ReadinessDto, description: 'La instancia no debe recibir tráfico (el cuerpo dice por qué)' })
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadinessDto> {
    const readiness = await this.health.ready();
    response.status(readiness.status === 'ok' ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return readiness;
  }
}
