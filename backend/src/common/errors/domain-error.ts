/**
 * The base of every module's typed error. A module declares its own subclass with the spec's
 * user-safe Spanish text; the global filter turns `status` into the HTTP status code.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
