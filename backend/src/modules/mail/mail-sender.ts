/** One plain-text e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where replies go, when not to the sender address (e.g. the visitor who wrote to support). */
  replyTo?: string;
}

/**
 * The port every module sends e-mail through. The adapter is chosen by configuration: SMTP when
 * SMTP_URL is set, otherwise the development outbox.
 */
export abstract class MailSender {
  abstract send(message: MailMessage): Promise<void>;
}

/** The sender address: the product name at the host this deployment is reached by. */
export function senderAddress(productName: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return `"${productName.replace(/["\\\r\n]/g, '')}" <no-reply@${host}>`;
}
