import { createHmac, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { MailSender } from '../../mail/mail-sender';
import { Errors } from '../cognito-errors';
import { hashCode, newNumericCode, verifyCode } from '../crypto/secrets';
import type { IdentityUser } from '../entities/identity-user.entity';
import { CodePurpose, OneTimeCode } from '../entities/one-time-code.entity';
import { resetPasswordCodeMail, signInCodeMail, signUpCodeMail } from '../identity-mails';
import { CODE_MAX_ATTEMPTS, CODE_SEND_WINDOW_MS, CODE_SENDS_PER_HOUR, CODE_TTL_MS } from '../identity.constants';
import { emailDelivery } from '../protocol';
import { SigningKeyService } from './signing-key.service';

const MAILS = { SIGN_UP: signUpCodeMail, RESET_PASSWORD: resetPasswordCodeMail, EMAIL_MFA: signInCodeMail };
/** Where a decoy answer says the code went, for a name that is not an e-mail: common mail hosts. */
const DECOY_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.es', 'icloud.com', 'hotmail.es', 'live.com', 'protonmail.com'];

/**
 * E-mailed six-digit codes: one live code per user and purpose, stored as a slow hash, with an
 * expiry, five tries and a single use. Only the e-mail ever holds the code itself.
 */
@Injectable()
export class OneTimeCodeService {
  private readonly logger = new Logger('IdentityCodes');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(OneTimeCode) private readonly codes: Repository<OneTimeCode>,
    private readonly mail: MailSender,
    private readonly keys: SigningKeyService,
  ) {}

  /** Replaces the user's code for `purpose` with a new one and e-mails it. */
  async send(user: IdentityUser, purpose: CodePurpose) {
    const code = await this.store(user, purpose);
    if (!code) throw Errors.attemptLimit();
    try {
      await this.mail.send(MAILS[purpose](user.email, this.config.productName, code));
    } catch (error) {
      this.logError(user, error);
      throw Errors.codeDeliveryFailure();
    }
    return emailDelivery(user.email);
  }

  /**
   * Like `send`, for answers that must not tell whether the account exists (ForgotPassword,
   * ResendConfirmationCode): the code is stored before the answer but e-mailed after it, so that
   * the mail server's time does not show, and a user over the hourly limit gets no e-mail rather
   * than an error. `decoySend` answers a name without an account at the same cost.
   */
  async sendUnobserved(user: IdentityUser, purpose: CodePurpose) {
    const code = await this.store(user, purpose);
    if (code) {
      this.mail.send(MAILS[purpose](user.email, this.config.productName, code)).catch((error: unknown) => this.logError(user, error));
    } else {
      this.logger.warn(`Límite de códigos por hora alcanzado para ${user.email}; no se envía otro.`);
    }
    return emailDelivery(user.email);
  }

  /**
   * What `sendUnobserved` costs and answers, for a name with no account (or none that can get a
   * code): the same slow hash, and a masked address that looks real. For a name that is not an
   * e-mail the domain is picked by a server secret, so it is stable yet cannot be predicted.
   */
  async decoySend(address: string) {
    await this.decoy();
    const name = address.trim().toLowerCase();
    if (name.includes('@')) return emailDelivery(name);
    const pick = createHmac('sha256', await this.keys.derivedSecret('code-decoy')).update(name).digest();
    return emailDelivery(`${name}@${DECOY_DOMAINS[pick[0] % DECOY_DOMAINS.length]}`);
  }

  /** A new code for the user and purpose, stored as a hash; null when the hourly limit is reached. */
  private async store(user: IdentityUser, purpose: CodePurpose): Promise<string | null> {
    const code = newNumericCode();
    const now = new Date();
    const existing = await this.codes.findOneBy({ userSub: user.sub, purpose });
    const windowOpen = existing && now.getTime() - existing.windowStartedAt.getTime() < CODE_SEND_WINDOW_MS;
    const fields = {
      codeHash: await hashCode(code),
      attempts: 0,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS[purpose]),
      consumedAt: null,
      sendCount: windowOpen ? existing.sendCount + 1 : 1,
      windowStartedAt: windowOpen ? existing.windowStartedAt : now,
    };
    // Hashed before the limit is checked, so that a refused send costs as much as any other.
    if (windowOpen && existing.sendCount >= CODE_SENDS_PER_HOUR) return null;
    if (existing) await this.codes.update({ id: existing.id }, fields);
    else await this.codes.insert({ id: randomUUID(), userSub: user.sub, purpose, ...fields });
    return code;
  }

  private logError(user: IdentityUser, error: unknown): void {
    this.logger.error(`No se pudo enviar el código a ${user.email}: ${error instanceof Error ? error.message : error}`);
  }

  /**
   * Accepts the code once. The try is counted before the comparison, in one conditional update,
   * so that parallel guesses cannot get past the limit.
   */
  async consume(user: IdentityUser, purpose: CodePurpose, code: string | undefined): Promise<void> {
    const row = await this.codes.findOneBy({ userSub: user.sub, purpose });
    if (!row) throw Errors.codeMismatch();
    if (row.consumedAt || row.expiresAt.getTime() <= Date.now()) throw Errors.expiredCode();
    const counted = await this.codes
      .createQueryBuilder()
      .update()
      .set({ attempts: () => 'attempts + 1' })
      .where('id = :id AND attempts < :max', { id: row.id, max: CODE_MAX_ATTEMPTS })
      .execute();
    if (!counted.affected) throw Errors.attemptLimit();
    if (!code || !/^\d{6}$/.test(code) || !(await verifyCode(code, row.codeHash))) throw Errors.codeMismatch();
    const used = await this.codes.update({ id: row.id, consumedAt: IsNull() }, { consumedAt: new Date() });
    if (!used.affected) throw Errors.expiredCode();
  }

  /** Spends about the time of a real check, for an answer about an account that does not exist. */
  async decoy(): Promise<void> {
    await hashCode(newNumericCode());
  }
}
