/**
 * The base of every module's typed error. A module declares its own subclass with the spec's
 * user-safe Spanish text; the global filter turns `status` into the HTTP status code.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  /**
   * A stable, machine-readable name for errors the client must tell apart from others of the same
   * status (e.g. 'SubscriptionPaused', which opens the resume modal); sent as `code` in the body.
   */
  readonly code?: string;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
