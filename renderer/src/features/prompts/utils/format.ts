import { promptsStrings as strings } from '../strings';

/** The server's Spanish message (the API client puts it in the error), or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : strings.genericError;
}

/** A load's failure as a panel shows it (its title, then the server's message); none while it is tried again. */
export function loadFailure(query: { error: unknown; isFetching: boolean }, title: string): string | null {
  return query.error && !query.isFetching ? `${title} ${errorText(query.error)}` : null;
}

export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString('es-ES', { dateStyle: 'medium', timeStyle: 'short' });
}
