import { type ArgumentsHost, Catch } from '@nestjs/common';
import type { Response } from 'express';
import { type ErrorBody, HttpErrorFilter } from '../../common/filters/http-error.filter';

/**
 * Spec section 8: applying prompt changes answers `{ success: false, message }` when it fails,
 * whatever the failure (invalid body, session or agent not found, refused). The status and the
 * message are the global filter's; only the body's shape changes.
 */
@Catch()
export class ApplyFailureFilter extends HttpErrorFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const send = response.json.bind(response);
    response.json = (body: ErrorBody) => send({ success: false, message: body.message });
    super.catch(exception, host);
  }
}
