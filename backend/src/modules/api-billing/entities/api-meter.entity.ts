import { Column, Entity, PrimaryColumn } from 'typeorm';

export type MeteredUnit = 'calls' | 'input_tokens' | 'output_tokens';
export const METERED_UNITS: readonly MeteredUnit[] = ['calls', 'input_tokens', 'output_tokens'];

/** Stripe mode: a Billing Meter of one published agent and unit, and the product its prices belong to. */
@Entity('api_meters')
export class ApiMeter {
  @PrimaryColumn({ name: 'publication_id', type: 'varchar', length: 36 })
  publicationId: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  unit: MeteredUnit;

  /** mtr_… */
  @Column({ name: 'meter_id', type: 'varchar', length: 128 })
  meterId: string;

  /** What meter events name (event_name), unique to this agent and unit. */
  @Column({ name: 'event_name', type: 'varchar', length: 100 })
  eventName: string;

  @Column({ name: 'product_id', type: 'varchar', length: 128 })
  productId: string;
}

/** Stripe mode: the metered price of a meter for a month's prices (a price change is a new price). */
@Entity('api_metered_prices')
export class ApiMeteredPrice {
  @PrimaryColumn({ name: 'publication_id', type: 'varchar', length: 36 })
  publicationId: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  unit: MeteredUnit;

  /** The ApiPrice row's fromMonth this price was made for. */
  @PrimaryColumn({ name: 'from_month', type: 'varchar', length: 7 })
  fromMonth: string;

  /** price_… */
  @Column({ name: 'price_id', type: 'varchar', length: 128 })
  priceId: string;
}
