import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { UserRole } from './identity-user.entity';

/** What an admin changed about an Amazon Cognito account, for refusing its id tokens at once (CognitoAccountStates). */
@Entity('cognito_account_states')
export class CognitoAccountState {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  sub: string;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /** The role the admin gave; a token claiming another one is refused. Null: never changed here. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  role: UserRole | null;

  /** Tokens issued before this (whole seconds, as `iat` counts) are refused. */
  @Column({ name: 'tokens_valid_after', type: Date, nullable: true })
  tokensValidAfter: Date | null;
}
