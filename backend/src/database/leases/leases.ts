import { randomUUID } from 'node:crypto';
import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { isUniqueViolation } from '../database-errors';
import { Lease } from './lease.entity';

/** Named leases in the database, shared by every instance of the backend. */
@Injectable()
export class Leases {
  /** This process, as a holder. */
  readonly holder = randomUUID();

  constructor(@InjectRepository(Lease) private readonly leases: Repository<Lease>) {}

  /** Takes the lease when nobody holds it, its holder's time is up, or the holder renews it; answers whether it did. */
  async take(name: string, durationMs: number, { now = new Date(), holder = this.holder }: { now?: Date; holder?: string } = {}): Promise<boolean> {
    const expiresAt = new Date(now.getTime() + durationMs);
    try {
      await this.leases.insert({ name, holder, expiresAt });
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const taken = await this.leases.update([{ name, expiresAt: LessThan(now) }, { name, holder }], { holder, expiresAt });
    return (taken.affected ?? 0) > 0;
  }

  /** Gives the lease back before it expires (only its holder can). */
  async release(name: string, holder: string = this.holder): Promise<void> {
    await this.leases.delete({ name, holder });
  }
}

@Module({
  imports: [TypeOrmModule.forFeature([Lease])],
  providers: [Leases],
  exports: [Leases],
})
export class LeasesModule {}
