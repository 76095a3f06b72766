export { apiClient, setAuthTokenProvider, setUnauthorizedHandler } from './apiClient';
export type { AuthTokenProvider, HttpMethod, QueryParams, RequestOptions, StreamOptions, UnauthorizedHandler } from './apiClient';
export { ApiError, isApiError, isRetryableError } from './ApiError';
export type { ApiErrorKind } from './ApiError';
export { withRetry } from './withRetry';
export type { RetryOptions, WithRetryOptions } from './withRetry';
export { apiStrings } from './strings';
export { readSse, SseParser } from './sse';
export type { SseMessage } from './sse';
