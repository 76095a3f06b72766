import { type ArgumentsHost, Catch, Injectable } from '@nestjs/common';
import { HttpErrorFilter } from '../../common/filters/http-error.filter';
import { AgentRunner } from './agent-runner';
import type { KeyedRequest } from './api-key.guard';

/**
 * The application's error answer, after counting a call refused once its key was recognised (a
 * malformed body, a file the owner may not read…) as one request and one error of that key. A
 * filter rather than an interceptor: it costs nothing on the calls that succeed.
 */
@Injectable()
@Catch()
export class MeteredHttpErrorFilter extends HttpErrorFilter {
  constructor(private readonly runner: AgentRunner) {
    super();
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    meterRefusal(this.runner, exception, host);
    super.catch(exception, host);
  }
}

export function meterRefusal(runner: AgentRunner, exception: unknown, host: ArgumentsHost): void {
  const request = host.switchToHttp().getRequest<KeyedRequest>();
  if (request.apiKey) runner.meterRefusal(request.apiKey, exception, performance.now() - (request.meteringStartedAt ?? performance.now()));
}
