import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A secret made on first start and kept in the database, so that every instance shares it. */
@Entity('payment_secrets')
export class PaymentSecret {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  secret: string;
}
