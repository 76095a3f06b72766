import { All, Controller, Module, NotFoundException, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';

/**
 * Answers every /api-admin path that no admin controller serves. The auth guard runs first, so a
 * visitor gets 401 and a non-admin 403 whatever the path; only an admin learns it does not exist.
 * Imported last, so that real admin routes are matched before it.
 */
@ApiExcludeController()
@Controller('api-admin')
class AdminAreaFallbackController {
  @All('{*rest}')
  notFound(@Req() request: Request): never {
    throw new NotFoundException(`Ruta no encontrada: ${request.method} ${request.path}`);
  }
}

@Module({ controllers: [AdminAreaFallbackController] })
export class AdminAreaModule {}
