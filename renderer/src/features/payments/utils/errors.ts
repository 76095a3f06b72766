import { isApiError } from '../../../shared/api';

/** The server's (or the client's) Spanish text for a failure; declined cards come back as the server says. */
export function errorText(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return 'Error desconocido';
}
