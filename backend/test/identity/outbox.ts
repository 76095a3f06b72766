import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from '../support/test-app';

type WithOutbox = Pick<TestApp, 'config'>;

/** How many e-mails the development outbox holds for an address. */
export function mailsTo(target: WithOutbox, email: string): number {
  return readdirSync(join(target.config.dataDir, 'outbox')).filter((file) => file.endsWith(`-${email}.eml`)).length;
}

/**
 * Waits until the outbox holds `count` e-mails for the address. ForgotPassword and
 * ResendConfirmationCode answer before their e-mail is sent (so that their timing does not tell
 * whether the account exists), so a test reads the code only once it has arrived.
 */
export async function mailsArrived(target: WithOutbox, email: string, count: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (mailsTo(target, email) < count) {
    if (Date.now() > deadline) throw new Error(`Esperaba ${count} correos para ${email}; hay ${mailsTo(target, email)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
