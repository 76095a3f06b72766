import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ApiBuyerSuspension } from './entities/api-buyer-suspension.entity';
import { ApiKey } from './entities/api-key.entity';
import { KeyResolver } from './key-resolver';

/**
 * Suspends and reinstates all of a buyer's bought keys (issue 36): billing decides when (a failed
 * invoice, then its payment); here the keys stop or work again at once on every instance.
 */
@Injectable()
export class BuyerSuspensions {
  constructor(
    @InjectRepository(ApiBuyerSuspension) private readonly suspensions: Repository<ApiBuyerSuspension>,
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    private readonly resolver: KeyResolver,
  ) {}

  /** True when the buyer was not suspended already. */
  async suspend(buyerSub: string, invoiceId: string, at: Date): Promise<boolean> {
    if (await this.suspensions.existsBy({ buyerSub })) return false;
    await this.suspensions.createQueryBuilder().insert().into(ApiBuyerSuspension).values({ buyerSub, invoiceId, suspendedAt: at }).orIgnore().execute();
    await this.forgetKeysOf(buyerSub);
    return true;
  }

  /** The suspension lifted, if there was one. */
  async reinstate(buyerSub: string): Promise<ApiBuyerSuspension | null> {
    const suspension = await this.suspensions.findOneBy({ buyerSub });
    if (!suspension) return null;
    const deleted = await this.suspensions.delete({ buyerSub });
    await this.forgetKeysOf(buyerSub);
    return deleted.affected ? suspension : null;
  }

  private async forgetKeysOf(buyerSub: string): Promise<void> {
    const keys = await this.keys.find({ select: { id: true, publicationId: true }, where: { buyerSub } });
    for (const publicationId of new Set(keys.map((key) => key.publicationId))) await this.resolver.forget(publicationId);
  }
}
