import type { components } from '../../../shared/api';
import { looksLikeEmail } from '../../../shared/email';
import { contactStrings } from '../strings';

export interface ContactFormValues {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** Honeypot: hidden from people, filled in by bots. */
  website: string;
}

type ContactLimits = components['schemas']['FormLimitsDto']['contact'];

/**
 * The form's rules for `useForm({ validate })`, with the server's limits (`GET /api/config`); until
 * they arrive only what needs no number is checked, and the server checks the rest.
 */
export function contactRules(limits: ContactLimits | null) {
  const { errors } = contactStrings;
  return {
    name: (value: string) => (value.trim() === '' ? errors.name : null),
    email: (value: string) => (looksLikeEmail(value) ? null : errors.email),
    subject: (value: string) => (value.trim() === '' ? errors.subject : null),
    message: (value: string) => (limits && value.trim().length < limits.message.min ? errors.message(limits.message.min) : null),
  };
}
