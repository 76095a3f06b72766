import type { DataSource } from 'typeorm';
import { DemoPaymentGateway } from '../../../src/modules/payments/gateway/demo-payment-gateway';
import { createPaymentGateway } from '../../../src/modules/payments/gateway/payment-gateway.factory';
import { StripePaymentGateway } from '../../../src/modules/payments/gateway/stripe-payment-gateway';
import { createGatewayDataSource } from './gateway-data-source';

describe('choosing the payment gateway', () => {
  let database: { dataSource: DataSource; close(): Promise<void> };

  beforeAll(async () => {
    database = await createGatewayDataSource();
  });
  afterAll(() => database.close());

  const keys = { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' };

  it('runs the demo gateway (no publishable key) when Stripe is not configured', () => {
    const gateway = createPaymentGateway({ demoWebhookSecret: 'whsec_demo', currency: 'EUR' }, database.dataSource);
    expect(gateway).toBeInstanceOf(DemoPaymentGateway);
    expect(gateway.provider).toBe('demo');
    expect(gateway.publishableKey).toBeNull();
  });

  it('keeps the demo gateway while any of the three Stripe keys is missing', () => {
    for (const missing of ['secretKey', 'publishableKey', 'webhookSecret'] as const) {
      const gateway = createPaymentGateway({ stripe: { ...keys, [missing]: '' }, demoWebhookSecret: 'whsec_demo', currency: 'EUR' }, database.dataSource);
      expect(gateway.provider).toBe('demo');
    }
  });

  it('runs the Stripe adapter, with the publishable key for Elements, when all three keys are set', () => {
    const gateway = createPaymentGateway({ stripe: keys, demoWebhookSecret: 'whsec_demo', currency: 'EUR' }, database.dataSource);
    expect(gateway).toBeInstanceOf(StripePaymentGateway);
    expect(gateway.provider).toBe('stripe');
    expect(gateway.publishableKey).toBe('pk_test_x');
  });
});
