import { Module } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { PaymentsCatalogueService } from './catalogue/payments-catalogue.service';
import { PaymentCustomer } from './entities/payment-customer.entity';
import { PaymentPrice } from './entities/payment-price.entity';
import { PaymentSecret } from './entities/payment-secret.entity';
import { ProcessedPaymentEvent } from './entities/processed-payment-event.entity';
import { DEMO_GATEWAY_ENTITIES } from './gateway/demo';
import { PAYMENT_GATEWAY } from './gateway/payment-gateway';
import { createPaymentGateway } from './gateway/payment-gateway.factory';
import { PaymentSecrets } from './payment-secrets';
import { AuditModule } from '../audit/audit.module';

/**
 * The configured gateway and the catalogue of prices, with no dependency on the agents or
 * ecosystems modules, so that those may import it (to price what they save) without a cycle.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentCustomer, PaymentPrice, PaymentSecret, ProcessedPaymentEvent, ...DEMO_GATEWAY_ENTITIES]), AuditModule],
  providers: [
    PaymentSecrets,
    {
      provide: PAYMENT_GATEWAY,
      inject: [APP_CONFIG, getDataSourceToken(), PaymentSecrets],
      useFactory: async (config: AppConfig, dataSource: DataSource, secrets: PaymentSecrets) => {
        const { payments } = config;
        const stripe =
          payments.provider === 'stripe'
            ? {
                secretKey: payments.secretKey,
                publishableKey: payments.publishableKey,
                webhookSecret: payments.webhookSecret,
                ...stripeApiAddress(payments.apiUrl),
              }
            : undefined;
        return createPaymentGateway(
          { stripe, demoWebhookSecret: await secrets.demoWebhookSecret(), currency: payments.currency },
          dataSource,
        );
      },
    },
    PaymentsCatalogueService,
  ],
  exports: [PAYMENT_GATEWAY, PaymentsCatalogueService, PaymentSecrets, TypeOrmModule],
})
export class PaymentsCoreModule {}

/** STRIPE_API_URL as the SDK's host, port and protocol (a local fake in tests). */
function stripeApiAddress(apiUrl: string | null): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}
