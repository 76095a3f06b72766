import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { CognitoError, Errors } from './cognito-errors';

/**
 * Errors of the identity service in Cognito's wire format, which Amplify parses:
 * `{ "__type": "...", "message": "..." }` plus the `x-amzn-errortype` header.
 */
@Catch()
export class CognitoErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('IdentityService');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const error = this.toCognitoError(exception);
    if (response.headersSent) {
      response.end();
      return;
    }
    response
      .status(error.status)
      .setHeader('x-amzn-errortype', error.type)
      .json({ __type: error.type, message: error.message });
  }

  private toCognitoError(exception: unknown): CognitoError {
    if (exception instanceof CognitoError) return exception;
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      return new CognitoError(exception.getStatus() === 404 ? 'ResourceNotFoundException' : 'InvalidParameterException', exception.message, exception.getStatus());
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return Errors.internal();
  }
}
