import { DomainError } from '../../common/errors/domain-error';

/**
 * An error of the Cognito user-pool protocol: HTTP 400 (or the given status) with
 * `{ "__type": type, "message": message }` and the `x-amzn-errortype` header, which is how
 * Amplify tells NotAuthorizedException from CodeMismatchException. The messages are Cognito's own
 * (English) so that the renderer handles the embedded service and Amazon Cognito alike.
 */
export class CognitoError extends DomainError {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const error = (type: string, message: string, status?: number) => new CognitoError(type, message, status);

export const Errors = {
  notAuthorized: (message: string) => error('NotAuthorizedException', message),
  incorrectCredentials: () => error('NotAuthorizedException', 'Incorrect username or password.'),
  invalidSession: () => error('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
  invalidAccessToken: () => error('NotAuthorizedException', 'Invalid Access Token'),
  expiredAccessToken: () => error('NotAuthorizedException', 'Access Token has expired'),
  revokedAccessToken: () => error('NotAuthorizedException', 'Access Token has been revoked'),
  invalidRefreshToken: () => error('NotAuthorizedException', 'Invalid Refresh Token'),
  revokedRefreshToken: () => error('NotAuthorizedException', 'Refresh Token has been revoked'),
  expiredRefreshToken: () => error('NotAuthorizedException', 'Refresh Token has expired'),
  userDisabled: () => error('NotAuthorizedException', 'User is disabled.'),
  alreadyConfirmed: () => error('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'),
  userNotConfirmed: () => error('UserNotConfirmedException', 'User is not confirmed.'),
  passwordResetRequired: () => error('PasswordResetRequiredException', 'Password reset required for the user'),
  usernameExists: () => error('UsernameExistsException', 'An account with the given email already exists.'),
  invalidPassword: (reason: string) => error('InvalidPasswordException', `Password did not conform with policy: ${reason}`),
  codeMismatch: () => error('CodeMismatchException', 'Invalid verification code provided, please try again.'),
  mfaCodeMismatch: () => error('CodeMismatchException', 'Invalid code received for user'),
  expiredCode: () => error('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
  attemptLimit: () => error('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
  tooManyFailures: () => error('TooManyRequestsException', 'Password attempts exceeded'),
  invalidParameter: (message: string) => error('InvalidParameterException', message),
  missingParameter: (name: string) =>
    error(
      'InvalidParameterException',
      `1 validation error detected: Value at '${name}' failed to satisfy constraint: Member must not be null`,
    ),
  unknownClient: (clientId: string) => error('ResourceNotFoundException', `User pool client ${clientId} does not exist.`),
  unknownOperation: () => error('UnknownOperationException', 'Unknown operation'),
  unsupportedFlow: (flow: string) => error('InvalidParameterException', `Unsupported AuthFlow ${flow}`),
  unsupportedChallenge: (name: string) => error('InvalidParameterException', `Unsupported ChallengeName ${name}`),
  codeDeliveryFailure: () => error('CodeDeliveryFailureException', 'Unable to deliver the verification code.'),
  totpNotVerified: () => error('EnableSoftwareTokenMFAException', 'Code mismatch'),
  totpNotSetUp: () => error('SoftwareTokenMFANotFoundException', 'Software Token MFA has not been enabled by the user.'),
  internal: () => error('InternalErrorException', 'Internal server error.', 500),
};
