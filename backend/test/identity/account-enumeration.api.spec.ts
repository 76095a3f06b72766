import { MailSender, type MailMessage } from '../../src/modules/mail/mail-sender';
import { OneTimeCodeService } from '../../src/modules/identity/services/one-time-code.service';
import { idpCall } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';

const password = 'Contraseña-segura-1';
/** Far longer than any answer takes here: an answer that waited for the mail would show it. */
const MAIL_DELAY_MS = 3_000;

/** A mail server that takes its time, and keeps what it was given. */
class SlowMailSender extends MailSender {
  readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS));
    this.sent.push(message);
  }

  async arrived(to: string, count: number): Promise<MailMessage[]> {
    const deadline = Date.now() + MAIL_DELAY_MS + 10_000;
    while (this.sent.filter((mail) => mail.to === to).length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.sent.filter((mail) => mail.to === to);
  }
}

/**
 * ForgotPassword and ResendConfirmationCode must not tell whether an account exists: not by the
 * answer, and not by its time, which the mail server would otherwise set for known accounts only.
 */
describe('identity: no account enumeration through reset and resend', () => {
  const mail = new SlowMailSender();
  let testApp: TestApp;
  let clientId: string;

  beforeAll(async () => {
    testApp = await createTestAppWith([[MailSender, mail]]);
    clientId = testApp.config.identity.clientId;
    // A confirmed account with a username that is not its e-mail, and an unconfirmed one.
    await call('SignUp', { ClientId: clientId, Username: 'conocida', Password: password, UserAttributes: attributes('conocida.real@example.com') }).expect(200);
    const [code] = await mail.arrived('conocida.real@example.com', 1);
    await call('ConfirmSignUp', { ClientId: clientId, Username: 'conocida', ConfirmationCode: /\b(\d{6})\b/.exec(code.text)![1] }).expect(200);
    await call('SignUp', { ClientId: clientId, Username: 'pendiente@example.com', Password: password, UserAttributes: attributes('pendiente@example.com') }).expect(200);
  }, 30_000);

  afterAll(() => testApp.close());

  const call = (action: string, body: object) => idpCall(testApp, action, body);

  function attributes(email: string) {
    return [
      { Name: 'email', Value: email },
      { Name: 'name', Value: 'Prueba' },
    ];
  }

  async function timed(action: string, username: string) {
    const started = Date.now();
    const response = await call(action, { ClientId: clientId, Username: username }).expect(200);
    return { body: response.body as { CodeDeliveryDetails: Record<string, string> }, ms: Date.now() - started };
  }

  const shapeOf = (body: { CodeDeliveryDetails: Record<string, string> }) => ({
    keys: Object.keys(body.CodeDeliveryDetails).sort(),
    DeliveryMedium: body.CodeDeliveryDetails.DeliveryMedium,
    AttributeName: body.CodeDeliveryDetails.AttributeName,
    destination: /^[^@]\*\*\*@[^.]\*\*\*\.[a-z.]+$/.test(body.CodeDeliveryDetails.Destination),
  });

  it('answers ForgotPassword for a known account before its e-mail goes, in the shape of any other answer', async () => {
    const known = await timed('ForgotPassword', 'conocida');
    expect(known.ms).toBeLessThan(MAIL_DELAY_MS);
    expect(known.body.CodeDeliveryDetails.Destination).toBe('c***@e***.com');
    const unknownName = await timed('ForgotPassword', 'desconocida');
    const unknownEmail = await timed('ForgotPassword', 'nadie@example.com');
    for (const other of [unknownName, unknownEmail]) expect(shapeOf(other.body)).toEqual(shapeOf(known.body));
    expect(unknownEmail.body.CodeDeliveryDetails.Destination).toBe('n***@e***.com');
    // The code still arrives.
    const mails = await mail.arrived('conocida.real@example.com', 2);
    expect(mails[1].subject).toContain('Restablece tu contraseña');
  });

  it('gives an unknown name the same plausible destination every time, not a placeholder domain', async () => {
    const first = (await timed('ForgotPassword', 'Fantasma')).body.CodeDeliveryDetails.Destination;
    expect((await timed('ForgotPassword', 'fantasma')).body.CodeDeliveryDetails.Destination).toBe(first);
    expect((await timed('ResendConfirmationCode', 'fantasma')).body.CodeDeliveryDetails.Destination).toBe(first);
    expect(first).toMatch(/^f\*\*\*@[a-z]\*\*\*\.[a-z.]+$/);
    expect(first).not.toMatch(/@e\*\*\*\.com$/);
  });

  it('answers ResendConfirmationCode alike for an unconfirmed, a confirmed and an unknown account', async () => {
    const unconfirmed = await timed('ResendConfirmationCode', 'pendiente@example.com');
    expect(unconfirmed.ms).toBeLessThan(MAIL_DELAY_MS);
    const confirmed = await timed('ResendConfirmationCode', 'conocida');
    const unknown = await timed('ResendConfirmationCode', 'nadie.tampoco@example.com');
    expect(shapeOf(confirmed.body)).toEqual(shapeOf(unconfirmed.body));
    expect(shapeOf(unknown.body)).toEqual(shapeOf(unconfirmed.body));
    expect(await mail.arrived('pendiente@example.com', 2)).toHaveLength(2);
  });

  it('spends the cost of a code on a name without an account, as on one with', async () => {
    // The slow hash of a stored code is what a known account's answer costs; a decoy hash stands in for it.
    const decoys = jest.spyOn(OneTimeCodeService.prototype, 'decoy');
    try {
      await timed('ForgotPassword', 'ninguna@example.com');
      await timed('ResendConfirmationCode', 'ninguna@example.com');
      await timed('ResendConfirmationCode', 'conocida');
      expect(decoys).toHaveBeenCalledTimes(3);
    } finally {
      decoys.mockRestore();
    }
  });
});
