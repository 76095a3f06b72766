import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { AuditLog } from '../../audit/audit-log.service';
import { type CatalogueItemKind, PaymentPrice } from '../entities/payment-price.entity';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../gateway/payment-gateway';

/** What is sold: a paid agent, or an ecosystem at its price less its discount. */
export interface CatalogueItem {
  kind: CatalogueItemKind;
  id: string;
  name: string;
  description: string;
  /** Euros a month; 0 sells nothing. */
  monthlyPrice: number;
  productId: string | null;
  priceId: string | null;
  /** Who changed it, for the audit log ('system' for the start-up backfill). */
  actorSub?: string;
}

export interface CataloguePricing {
  productId: string | null;
  priceId: string | null;
}

/** Euros to the currency's minor unit, as the gateway counts. */
export function toMinorUnits(amount: number): number {
  return Math.round(amount * 100);
}

/** An ecosystem's monthly price: its price less its discount (a percentage), to the cent. */
export function ecosystemMonthlyPrice(price: number, discount: number): number {
  return Math.round(Number(price) * (100 - Number(discount))) / 100;
}

/**
 * Keeps every paid agent and ecosystem sold in the gateway: a product each, and a monthly price
 * for its current amount. A changed amount gets a new price (prices never change, and existing
 * subscribers keep theirs). The agents and ecosystems services call it after saving and store
 * what it answers; it never touches their tables.
 */
@Injectable()
export class PaymentsCatalogueService {
  private readonly logger = new Logger('PaymentsCatalogue');

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(PaymentPrice) private readonly prices: Repository<PaymentPrice>,
    private readonly audit: AuditLog,
  ) {}

  /**
   * The product and current price for the item as it is now. A gateway failure is logged and
   * leaves the item without a price (its save stands; the start-up backfill prices it later).
   */
  async price(item: CatalogueItem): Promise<CataloguePricing> {
    const current = { productId: item.productId, priceId: item.priceId };
    const unitAmount = toMinorUnits(item.monthlyPrice);
    const known = item.priceId ? await this.prices.findOneBy({ priceId: item.priceId }) : null;
    if (unitAmount <= 0) {
      if (item.priceId) await this.auditPrice(item, known, null);
      return { productId: item.productId, priceId: null };
    }
    try {
      if (known && known.unitAmount === unitAmount && known.currency === this.config.payments.currency) return current;
      const productId =
        item.productId ??
        (await this.gateway.createProduct({ name: item.name, description: item.description, metadata: { kind: item.kind, itemId: item.id } })).id;
      const price = await this.gateway.createMonthlyPrice({ productId, unitAmount, currency: this.config.payments.currency });
      const stored = this.prices.create({ priceId: price.id, productId, itemKind: item.kind, itemId: item.id, unitAmount: price.unitAmount, currency: price.currency });
      await this.prices.insert(stored);
      await this.auditPrice(item, known, stored);
      return { productId, priceId: price.id };
    } catch (error) {
      // Never keep selling at the old amount: unpriced until the start-up backfill prices it.
      this.logger.warn(`No se pudo dar precio a ${item.kind} ${item.id} en la pasarela: ${(error as Error).message}`);
      if (item.priceId) await this.auditPrice(item, known, null);
      return { productId: item.productId, priceId: null };
    }
  }

  /** Renames the item's product (create-product / update-product); the price is kept in step by `price`. */
  async describe(item: CatalogueItem): Promise<void> {
    if (item.productId) await this.gateway.updateProduct(item.productId, { name: item.name, description: item.description });
  }

  /** What a price sells, or null for a price the catalogue never made. */
  async lookup(priceId: string): Promise<PaymentPrice | null> {
    return this.prices.findOneBy({ priceId });
  }

  /** A new price id (or none) for the item: the old and new amounts go to the audit log. */
  private async auditPrice(item: CatalogueItem, before: PaymentPrice | null, after: PaymentPrice | null): Promise<void> {
    const snapshot = (price: PaymentPrice | null, priceId: string | null) =>
      price ? { priceId: price.priceId, productId: price.productId, unitAmount: price.unitAmount, currency: price.currency } : { priceId };
    await this.audit.recordAfterTheFact({
      actorSub: item.actorSub ?? 'system',
      action: 'price.change',
      target: `${item.kind}:${item.id}`,
      before: snapshot(before, item.priceId),
      after: snapshot(after, null),
    });
  }
}
