import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PaymentSecret } from './entities/payment-secret.entity';

const DEMO_WEBHOOK_SECRET_ID = 'demo-webhook';

/**
 * The demo gateway's webhook signing secret: made on first start and kept in the database (as the
 * file-URL signer keeps its key), so that every instance verifies alike and nothing ships a secret.
 */
@Injectable()
export class PaymentSecrets {
  private demoSecret: Promise<string> | undefined;

  constructor(@InjectRepository(PaymentSecret) private readonly secrets: Repository<PaymentSecret>) {}

  demoWebhookSecret(): Promise<string> {
    this.demoSecret ??= this.loadOrCreate(DEMO_WEBHOOK_SECRET_ID, () => `whsec_${randomBytes(24).toString('hex')}`).catch((error: unknown) => {
      this.demoSecret = undefined;
      throw error;
    });
    return this.demoSecret;
  }

  /** Insert-if-absent then read: instances starting together all read the one row that won. */
  private async loadOrCreate(id: string, make: () => string): Promise<string> {
    await this.secrets.createQueryBuilder().insert().into(PaymentSecret).values({ id, secret: make() }).orIgnore().execute();
    return (await this.secrets.findOneByOrFail({ id })).secret;
  }
}
