import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../../common/errors/domain-error';
import { AgentRunner } from './agent-runner';
import { meterRefusal } from './metered-error.filter';

const TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
};

/**
 * Errors of the OpenAI-compatible routes in OpenAI's own shape ({ error: { message, type, param,
 * code } }), so that OpenAI's clients show our (Spanish) message; statusCode and message are kept
 * at the top as in the rest of the API.
 */
@Injectable()
@Catch()
export class OpenAiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Publications');

  constructor(private readonly runner: AgentRunner) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    meterRefusal(this.runner, exception, host);
    const response = host.switchToHttp().getResponse<Response>();
    let status = 500;
    let message = 'Error interno del servidor. Inténtalo de nuevo más tarde.';
    let code: string | null = null;
    if (exception instanceof DomainError) {
      status = exception.status;
      message = exception.message;
      code = exception.code ?? null;
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      const payload = exception.getResponse();
      const text = typeof payload === 'string' ? payload : (payload as { message?: unknown }).message;
      message = Array.isArray(text) ? text.map(String).join('. ') : typeof text === 'string' ? text : exception.message;
    } else {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    if (status === 401) code = 'invalid_api_key';
    if (response.headersSent) {
      response.end();
      return;
    }
    response.status(status).json({
      error: { message, type: TYPES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error'), param: null, code },
      statusCode: status,
      message,
    });
  }
}
