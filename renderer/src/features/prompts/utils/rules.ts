import type { FieldBounds } from '../../../shared/config';

/** A text longer than the server takes, once its limits have arrived (`GET /api/config`); else no error (the server checks). */
export function tooLong(value: string, bounds: FieldBounds | undefined, message: (max: number) => string): string | null {
  return bounds && value.length > bounds.max ? message(bounds.max) : null;
}
