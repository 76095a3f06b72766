import { isApiError } from '../../../shared/api';
import { chatStrings } from '../strings';

/**
 * What the chat shows for a failed send: the paused-subscription modal, the subscription message
 * with a link to the agent, or 'Error al enviar mensaje' with the server's text ('Error
 * desconocido' when there is none).
 */
export type SendFailure =
  | { kind: 'paused' }
  | { kind: 'subscription-required'; message: string }
  | { kind: 'error'; title: string; message: string };

function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function classifySendError(error: unknown): SendFailure {
  if (isApiError(error)) {
    const code = codeOf(error.body);
    if (code === 'SubscriptionPaused' || (error.status === 409 && error.message === chatStrings.paused.title)) {
      return { kind: 'paused' };
    }
    if (code === 'SubscriptionRequired') return { kind: 'subscription-required', message: error.message };
    return { kind: 'error', title: chatStrings.errors.send, message: error.message || chatStrings.errors.unknown };
  }
  if (error instanceof ChatStreamError) {
    if (error.code === 'SubscriptionPaused') return { kind: 'paused' };
    if (error.code === 'SubscriptionRequired') return { kind: 'subscription-required', message: error.message };
    return { kind: 'error', title: chatStrings.errors.send, message: error.message || chatStrings.errors.unknown };
  }
  if (error instanceof Error && error.message.trim() !== '') {
    return { kind: 'error', title: chatStrings.errors.send, message: error.message };
  }
  return { kind: 'error', title: chatStrings.errors.send, message: chatStrings.errors.unknown };
}

/** An `error` event inside the stream (the server had already answered 200). */
export class ChatStreamError extends Error {
  readonly statusCode: number;
  readonly code?: string;

  constructor(message: string, statusCode: number, code?: string) {
    super(message);
    this.name = 'ChatStreamError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

/** One line for a failure (the paused case says 'Suscripción Pausada'). */
export function failureMessage(failure: SendFailure): string {
  return failure.kind === 'paused' ? chatStrings.paused.title : failure.message;
}
