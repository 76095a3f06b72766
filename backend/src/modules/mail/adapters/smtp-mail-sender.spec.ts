import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { SmtpMailSender } from './smtp-mail-sender';

/** Just enough of an SMTP server (RFC 5321, no TLS, no auth) to see what nodemailer delivers. */
function fakeSmtpServer(received: Array<{ from: string; to: string[]; data: string }>): Server {
  return createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let message = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          message.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(message);
          message = { from: '', to: [], data: '' };
          reply('250 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') message.from = line;
        if (verb === 'RCPT') message.to.push(line);
        if (verb === 'DATA') inData = true;
        reply(verb === 'DATA' ? '354 go ahead' : verb === 'QUIT' ? '221 bye' : '250 ok');
        if (verb === 'QUIT') socket.end();
      }
    });
  });
}

describe('SmtpMailSender', () => {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = fakeSmtpServer(received);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('delivers the message through the SMTP server of SMTP_URL', async () => {
    const sender = new SmtpMailSender(`smtp://127.0.0.1:${port}`, '"Nova" <no-reply@nova.example>');
    await sender.send({ to: 'ana@example.com', subject: 'Tu código', text: 'Tu código es:\n\n    123456\n' });
    expect(received).toHaveLength(1);
    expect(received[0].from).toContain('<no-reply@nova.example>');
    expect(received[0].to).toEqual([expect.stringContaining('<ana@example.com>')]);
    expect(received[0].data).toContain('To: ana@example.com');
    expect(received[0].data).toContain('123456');
  });

  it('fails when the server cannot be reached', async () => {
    const sender = new SmtpMailSender('smtp://127.0.0.1:9', 'no-reply@nova.example');
    await expect(sender.send({ to: 'ana@example.com', subject: 'x', text: 'x' })).rejects.toBeDefined();
  });
});
