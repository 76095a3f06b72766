import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Failed sign-ins counted under one key within a window: `ip:<address>`, `user:<sub>`, or
 * `name:<login>` for a name no account has, so that an unknown name locks exactly like a real one
 * and the lock-out itself does not reveal which accounts exist.
 */
@Entity('identity_sign_in_throttles')
export class SignInThrottle {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  key: string;

  @Column({ type: 'integer', default: 0 })
  failures: number;

  @Column({ name: 'window_started_at', type: Date })
  windowStartedAt: Date;

  @Column({ name: 'locked_until', type: Date, nullable: true })
  lockedUntil: Date | null;
}
