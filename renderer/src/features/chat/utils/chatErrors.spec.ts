import { ApiError } from '../../../shared/api';
import { ChatStreamError, classifySendError, failureMessage } from './chatErrors';

describe('classifySendError (spec section 8)', () => {
  it("opens the paused modal on 409 'SubscriptionPaused'", () => {
    const error = new ApiError('Suscripción Pausada', { status: 409, kind: 'http', body: { code: 'SubscriptionPaused' } });
    expect(classifySendError(error)).toEqual({ kind: 'paused' });
    expect(classifySendError(new ChatStreamError('Suscripción Pausada', 409, 'SubscriptionPaused'))).toEqual({ kind: 'paused' });
  });

  it("shows the message of 403 'SubscriptionRequired'", () => {
    const message = 'Necesitas una suscripción activa para chatear con este agente.';
    const error = new ApiError(message, { status: 403, kind: 'http', body: { code: 'SubscriptionRequired', message } });
    expect(classifySendError(error)).toEqual({ kind: 'subscription-required', message });
  });

  it("gives 'Error al enviar mensaje' with the server's message", () => {
    const error = new ApiError('Conversación no encontrada', { status: 404, kind: 'http' });
    expect(classifySendError(error)).toEqual({ kind: 'error', title: 'Error al enviar mensaje', message: 'Conversación no encontrada' });
    expect(classifySendError(new ChatStreamError('El modelo no responde', 502))).toMatchObject({
      title: 'Error al enviar mensaje',
      message: 'El modelo no responde',
    });
  });

  it("falls back to 'Error desconocido'", () => {
    expect(classifySendError('boom')).toEqual({ kind: 'error', title: 'Error al enviar mensaje', message: 'Error desconocido' });
    expect(classifySendError(new Error(''))).toMatchObject({ message: 'Error desconocido' });
    expect(classifySendError(new ChatStreamError('', 500))).toMatchObject({ message: 'Error desconocido' });
  });

  it('says the paused case in one line', () => {
    expect(failureMessage({ kind: 'paused' })).toBe('Suscripción Pausada');
  });
});
