import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutboxMailSender } from './outbox-mail-sender';

describe('OutboxMailSender', () => {
  let directory: string;

  beforeEach(() => {
    directory = join(mkdtempSync(join(tmpdir(), 'nova-outbox-')), 'outbox');
  });

  afterEach(() => rmSync(join(directory, '..'), { recursive: true, force: true }));

  it('writes <ms>-<recipient>.eml: UTF-8 text body as given, non-ASCII subject encoded', async () => {
    const sender = new OutboxMailSender(directory, '"Nova" <no-reply@localhost>');
    await sender.send({ to: 'ana@example.com', subject: 'Tu código de verificación', text: 'Hola:\n\n    123456\n\nAdiós' });
    const files = readdirSync(directory);
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatch(/^\d{13}-ana@example\.com\.eml$/);
    const eml = readFileSync(join(directory, file), 'utf8');
    expect(eml).toContain('From: "Nova" <no-reply@localhost>\r\nTo: ana@example.com\r\n');
    expect(eml).toContain('Subject: =?UTF-8?Q?Tu_c=C3=B3digo_de_verificaci=C3=B3n?=\r\n');
    expect(eml).toContain('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nHola:\r\n\r\n    123456\r\n\r\nAdiós\r\n');
    expect(eml.match(/\d{6}/g)).toEqual(['123456']);
  });

  it('writes a Reply-To header when the message has one', async () => {
    const sender = new OutboxMailSender(directory, 'no-reply@localhost');
    await sender.send({ to: 'soporte@localhost', replyTo: 'ana@example.com', subject: 'Hola', text: 'x' });
    const eml = readFileSync(join(directory, readdirSync(directory)[0]), 'utf8');
    expect(eml).toContain('To: soporte@localhost\r\nReply-To: ana@example.com\r\n');
  });

  it('keeps a header on one line whatever the input', async () => {
    const sender = new OutboxMailSender(directory, 'no-reply@localhost');
    await sender.send({ to: 'ana@example.com', subject: 'Hola\r\nBcc: evil@example.com', text: 'x' });
    const eml = readFileSync(join(directory, readdirSync(directory)[0]), 'utf8');
    expect(eml).toContain('Subject: Hola Bcc: evil@example.com\r\n');
    expect(eml).not.toMatch(/^Bcc:/m);
  });
});
