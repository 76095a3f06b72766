import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { DomainError } from '../errors/domain-error';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../validation/json-shape';

export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  /** Only on errors that declare one (see DomainError.code). */
  code?: string;
}

/** Errors raised by Express' body parser before Nest sees the request (a failed inflate has no type). */
interface BodyParserError {
  type?: string;
  status: number;
}

const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'El cuerpo de la solicitud no es JSON válido.',
  'entity.too.large': 'El cuerpo de la solicitud es demasiado grande.',
  'entity.too.deep': `El cuerpo de la solicitud anida demasiados niveles (como máximo ${MAX_JSON_DEPTH}).`,
  'entity.too.wide': `El cuerpo de la solicitud tiene demasiados valores (como máximo ${MAX_JSON_VALUES}).`,
  'entity.malformed.text': 'El cuerpo de la solicitud contiene texto no válido (un carácter nulo o UTF-16 incompleto).',
  'encoding.unsupported': 'El cuerpo de la solicitud debe enviarse sin comprimir (sin Content-Encoding).',
  'charset.unsupported': 'El juego de caracteres del cuerpo de la solicitud no está soportado.',
};

/**
 * The one place where errors become HTTP responses: `{ statusCode, message, error }` always, with
 * a single readable message, and no internal detail leaked on 5xx.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.statusCode >= 500) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    if (response.headersSent) {
      response.end();
      return;
    }
    response.status(body.statusCode).json(body);
  }

  protected toBody(exception: unknown): ErrorBody {
    if (exception instanceof DomainError) {
      const body = errorBody(exception.status, exception.message);
      return exception.code ? { ...body, code: exception.code } : body;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      const message =
        typeof payload === 'string'
          ? payload
          : joinMessage((payload as { message?: unknown }).message) ?? exception.message;
      return errorBody(status, message);
    }
    return errorBody(HttpStatus.INTERNAL_SERVER_ERROR, 'Error interno del servidor. Inténtalo de nuevo más tarde.');
  }
}

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error' };
}

function joinMessage(message: unknown): string | undefined {
  if (Array.isArray(message)) return message.map(String).join('. ');
  return typeof message === 'string' ? message : undefined;
}

function isBodyParserError(value: unknown): value is BodyParserError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as BodyParserError).status === 'number' &&
    (value as BodyParserError).status >= 400 &&
    (value as BodyParserError).status < 500
  );
}

/** Express error middleware for the body parsers, which fail before any Nest filter can run. */
export function bodyParserErrors(error: unknown, _request: Request, response: Response, next: NextFunction): void {
  if (!isBodyParserError(error)) {
    next(error);
    return;
  }
  response
    .status(error.status)
    .json(errorBody(error.status, (error.type && BODY_PARSER_MESSAGES[error.type]) || 'La solicitud no es válida.'));
}
