import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A publication's prices for other developers from a month on (issue 36): the price of a month is
 * the row with the latest fromMonth not after it, so a change saved for the next month leaves the
 * current month's price as it was. Amounts in cents of PAYMENTS_CURRENCY, as payment prices are.
 */
@Entity('api_prices')
export class ApiPrice {
  @PrimaryColumn({ name: 'publication_id', type: 'varchar', length: 36 })
  publicationId: string;

  /** YYYY-MM (UTC). */
  @PrimaryColumn({ name: 'from_month', type: 'varchar', length: 7 })
  fromMonth: string;

  @Column({ name: 'per_1000_calls', type: 'integer' })
  per1000Calls: number;

  @Column({ name: 'per_million_input_tokens', type: 'integer' })
  perMillionInputTokens: number;

  @Column({ name: 'per_million_output_tokens', type: 'integer' })
  perMillionOutputTokens: number;
}
