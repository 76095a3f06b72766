import { createTransport, type Transporter } from 'nodemailer';
import { MailMessage, MailSender } from '../mail-sender';

/** Delivers through any SMTP server (nodemailer), e.g. smtps://user:pass@smtp.example.com. */
export class SmtpMailSender extends MailSender {
  private readonly transport: Transporter;

  constructor(url: string, private readonly from: string) {
    super();
    this.transport = createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    });
  }
}
