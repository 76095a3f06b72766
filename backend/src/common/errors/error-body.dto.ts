import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ErrorBody } from '../filters/http-error.filter';

/** Every error answer, as HttpErrorFilter writes it: declared once, named by each route's error responses. */
export class ErrorBodyDto implements ErrorBody {
  @ApiProperty({ example: 404, description: 'El mismo código que el de la respuesta HTTP' })
  statusCode: number;

  @ApiProperty({ example: 'Conversación no encontrada.', description: 'Un único mensaje en español, para mostrarlo tal cual' })
  message: string;

  @ApiProperty({ example: 'Not Found', description: 'El nombre del código HTTP' })
  error: string;

  @ApiPropertyOptional({
    example: 'SubscriptionPaused',
    description: 'Solo en los errores que el cliente debe distinguir de otros con el mismo código',
  })
  code?: string;
}

/** The 400 of any route with a body: the global validation pipe refuses it before the route runs. */
export const INVALID_BODY = 'Cuerpo no válido: un campo falta, tiene otro tipo, supera su límite o no existe';
