import { DomainError } from '../../common/errors/domain-error';

/** Also what another user's conversation looks like: its existence is not revealed. */
export class ConversationNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Conversación no encontrada');
  }
}

/** A retry carries the same id and the same text; a different text under a used id is a client bug. */
export class MessageIdConflictError extends DomainError {
  readonly status = 409;
  constructor() {
    super('Ya existe otro mensaje con ese id en la conversación.');
  }
}

/** A page cursor (`before`) must be one of the conversation's messages. */
export class MessageCursorNotFoundError extends DomainError {
  readonly status = 400;
  constructor() {
    super('before debe ser el id de un mensaje de esta conversación');
  }
}
