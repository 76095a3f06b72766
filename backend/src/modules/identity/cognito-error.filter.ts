import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../../common/errors/domain-error';
import { CognitoError, Errors } from './cognito-errors';

const COGNITO_TYPES: Record<number, string> = {
  401: 'NotAuthorizedException',
  403: 'NotAuthorizedException',
  404: 'ResourceNotFoundException',
  429: 'TooManyRequestsException',
};

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
    // What the guards in front refuse (a user id that is not the caller's, too many requests…).
    if (exception instanceof DomainError && exception.status < 500) {
      return new CognitoError(COGNITO_TYPES[exception.status] ?? 'InvalidParameterException', exception.message, exception.status);
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      return new CognitoError(exception.getStatus() === 404 ? 'ResourceNotFoundException' : 'InvalidParameterException', exception.message, exception.getStatus());
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return Errors.internal();
  }
}
