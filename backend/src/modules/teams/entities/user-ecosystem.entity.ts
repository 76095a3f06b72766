import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Ecosystem } from '../../ecosystems/entities/ecosystem.entity';

/** An ecosystem in a user's team (spec "User-ecosystem link"). */
@Entity('user_ecosystems')
export class UserEcosystem {
  /** The identity subject of the team's owner. */
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 64 })
  userId: string;

  @PrimaryColumn({ name: 'ecosystem_id', type: 'varchar', length: 64 })
  ecosystemId: string;

  @ManyToOne(() => Ecosystem, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ecosystem_id' })
  ecosystem?: Ecosystem;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 60 })
  category: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text', nullable: true })
  avatar: string | null;

  @CreateDateColumn({ name: 'added_at' })
  addedAt: Date;
}
