import { apiClient } from '../../../shared/api';
import type { ContactSection } from '../strings';
import type { ContactFormValues } from '../utils/validation';

export interface ContactReceipt {
  id: string;
  message: string;
}

const CONTACT_TIMEOUT_MS = 20_000;

export function sendContactMessage(section: ContactSection, values: ContactFormValues): Promise<ContactReceipt> {
  return apiClient.post('/contact', {
    body: {
      section,
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
      website: values.website,
    },
    timeoutMs: CONTACT_TIMEOUT_MS,
  });
}
