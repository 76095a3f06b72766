import { type ArgumentsHost, Catch, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { HttpErrorFilter } from '../../../common/filters/http-error.filter';
import { AgentRunner } from '../agent-runner';
import { meterRefusal } from '../metered-error.filter';

/** JSON-RPC's codes for what its clients tell apart; the rest (the key, the limits) is a server error with our status in data. */
const JSON_RPC_CODES: Record<number, number> = { 400: -32602, 500: -32603 };

/**
 * Errors of the A2A endpoint before the SDK answers (a refused key, a limit, a publication that is
 * off) keep their HTTP status, with a JSON-RPC error as the body, so that the SDK's client raises
 * it with our (Spanish) message: { jsonrpc, error: { code, message, data: { statusCode, message,
 * error, code? } }, id }.
 */
@Injectable()
@Catch()
export class A2aErrorFilter extends HttpErrorFilter {
  private readonly log = new Logger('Publications');

  constructor(private readonly runner: AgentRunner) {
    super();
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    meterRefusal(this.runner, exception, host);
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const body = this.toBody(exception);
    if (body.statusCode >= 500) this.log.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (response.headersSent) {
      response.end();
      return;
    }
    const id = (http.getRequest<Request>().body as { id?: unknown } | undefined)?.id;
    const code = JSON_RPC_CODES[body.statusCode] ?? (body.statusCode >= 500 ? -32603 : -32000);
    response.status(body.statusCode).json({ jsonrpc: '2.0', error: { code, message: body.message, data: body }, id: typeof id === 'string' || typeof id === 'number' ? id : null });
  }
}
