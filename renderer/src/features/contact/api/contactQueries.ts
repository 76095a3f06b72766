import { useMutation } from '@tanstack/react-query';
import { api, type components } from '../../../shared/api';

/** POST /api/contact's body: the section and the message, with the honeypot (`website`) that people leave empty. */
export type ContactRequest = components['schemas']['ContactRequestDto'];
export type ContactSection = NonNullable<ContactRequest['section']>;
/** The server's confirmation, shown as it comes. */
export type ContactReceipt = components['schemas']['ContactReceivedDto'];

const CONTACT_TIMEOUT_MS = 20_000;

/** POST /api/contact: nothing is cached, so nothing is invalidated. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: async (message: ContactRequest): Promise<ContactReceipt> =>
      (await api.POST('/api/contact', { body: message, signal: AbortSignal.timeout(CONTACT_TIMEOUT_MS) })).data!,
  });
}
