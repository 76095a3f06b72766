import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { Subscription } from './entities/subscription.entity';
import { SubscriptionsService } from './subscriptions.service';

/**
 * Stored subscriptions: who may chat with a paid agent, and the lookups the client makes. Their
 * routes (/stripe-user-subscriptions) are the payments module's, which also writes the rows
 * through the payment provider.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Subscription]), UsersModule],
  providers: [SubscriptionsService],
  exports: [SubscriptionsService],
})
export class SubscriptionsModule {}
