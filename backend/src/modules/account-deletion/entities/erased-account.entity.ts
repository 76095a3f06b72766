import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * An erased account, by the SHA-256 of its subject (not the subject itself): a token issued before
 * the erasure (Cognito's id tokens live an hour) is refused until `forgetAfter`, then the row goes.
 */
@Entity('erased_accounts')
export class ErasedAccount {
  @PrimaryColumn({ name: 'sub_digest', type: 'varchar', length: 64 })
  subDigest: string;

  @Column({ name: 'forget_after', type: Date })
  forgetAfter: Date;
}
