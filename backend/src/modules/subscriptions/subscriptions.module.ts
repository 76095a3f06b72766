import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { Subscription } from './entities/subscription.entity';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';

/**
 * Stored subscriptions: who may chat with a paid agent, and the lookup the client makes on opening
 * a chat (GET /subscriptions/user/{user}/{agent}). Creating, pausing, resuming and cancelling them
 * (through the payment provider) belong to the payments issue.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Subscription]), UsersModule],
  controllers: [SubscriptionsController],
  providers: [SubscriptionsService],
  exports: [SubscriptionsService],
})
export class SubscriptionsModule {}
