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

export type ContactFormErrors = Partial<Record<'name' | 'email' | 'subject' | 'message', string>>;

export const MESSAGE_MIN_LENGTH = 10;
export const LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

export function validateContactForm(values: ContactFormValues): ContactFormErrors {
  const errors: ContactFormErrors = {};
  if (values.name.trim() === '') errors.name = contactStrings.errors.name;
  if (!looksLikeEmail(values.email)) errors.email = contactStrings.errors.email;
  if (values.subject.trim() === '') errors.subject = contactStrings.errors.subject;
  if (values.message.trim().length < MESSAGE_MIN_LENGTH) errors.message = contactStrings.errors.message;
  return errors;
}
