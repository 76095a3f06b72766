import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { MailMessage, MailSender } from '../mail-sender';

/**
 * Without SMTP, e-mail goes to `<dataDir>/outbox/<ms>-<recipient>.eml`, where a developer (or an
 * end-to-end test) reads it. The body is written 8-bit and unwrapped so that a code in it stays
 * one searchable run of digits. The log names the file but never prints the body: it may hold a
 * code.
 */
export class OutboxMailSender extends MailSender {
  private readonly logger = new Logger('Outbox');

  constructor(private readonly directory: string, private readonly from: string) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const file = join(this.directory, `${Date.now()}-${safeFileName(message.to)}.eml`);
    // Written under another name, then renamed: whoever watches the outbox never reads half a mail.
    await writeFile(`${file}.part`, toEml(this.from, message), { encoding: 'utf8', mode: 0o600 });
    await rename(`${file}.part`, file);
    this.logger.log(`Correo para ${message.to} («${message.subject}») guardado en ${file}`);
  }
}

function safeFileName(address: string): string {
  return address.replace(/[^\w@.+-]/g, '_');
}

/** A minimal RFC 5322 message with a UTF-8 text body. */
export function toEml(from: string, message: MailMessage): string {
  const headers = [
    `From: ${singleLine(from)}`,
    `To: ${singleLine(message.to)}`,
    ...(message.replyTo ? [`Reply-To: ${singleLine(message.replyTo)}`] : []),
    `Subject: ${encodeHeader(singleLine(message.subject))}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${message.text.replace(/\r?\n/g, '\r\n')}\r\n`;
}

function singleLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

/** RFC 2047 Q-encoding, in words short enough for the 78-character line limit. */
function encodeHeader(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let current = '';
  for (const char of value) {
    const encoded =
      char === ' '
        ? '_'
        : /^[A-Za-z0-9!*+\-/]$/.test(char)
          ? char
          : [...Buffer.from(char, 'utf8')].map((byte) => `=${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    if (current.length + encoded.length > 60) {
      words.push(current);
      current = '';
    }
    current += encoded;
  }
  words.push(current);
  return words.map((word) => `=?UTF-8?Q?${word}?=`).join('\r\n ');
}
