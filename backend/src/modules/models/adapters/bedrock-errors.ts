import { ModelProviderError, ModelThrottledError } from '../model-gateway';

/** Bedrock's ways of saying "too many requests", thrown before or in the middle of a stream. */
const THROTTLING = new Set(['ThrottlingException', 'TooManyRequestsException', 'ServiceQuotaExceededException']);

/**
 * Maps what the AWS SDK threw (a modelled exception, a mid-stream exception frame, a network or
 * credentials error) to the port's errors. Only the exception's name reaches the message: the
 * provider's own text may echo the request.
 */
export function bedrockError(error: unknown): Error {
  const name = exceptionName(error);
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  if (THROTTLING.has(name) || status === 429) return new ModelThrottledError();
  return new ModelProviderError(shortCode(name));
}

/** The exception's name in its PascalCase form: event-stream members arrive as 'throttlingException'. */
export function exceptionName(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error === 'string' ? error : '';
  return name ? name[0].toUpperCase() + name.slice(1) : 'Error';
}

function shortCode(name: string): string {
  return /^[A-Za-z][\w.-]{0,63}$/.test(name) ? name : 'Error';
}
