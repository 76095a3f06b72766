import type { DataSource } from 'typeorm';
import { tracedPort } from '../../../common/telemetry/tracing';
import { DemoPaymentGateway } from './demo-payment-gateway';
import type { PaymentGateway } from './payment-gateway';
import { StripePaymentGateway } from './stripe-payment-gateway';

export interface PaymentGatewayOptions {
  /** Stripe's keys (all three set): the Stripe adapter runs; otherwise the demo gateway. */
  stripe?: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    /** Another address for Stripe's API (a local fake in tests). */
    host?: string;
    port?: number;
    protocol?: 'http' | 'https';
  };
  /** The secret the demo gateway verifies Stripe-format webhooks with. */
  demoWebhookSecret: string;
  /** The catalogue's currency (EUR by default); prices are created in it. */
  currency: string;
}

/**
 * The configured gateway: Stripe when its three keys are given, the demo gateway (our own tables,
 * no money moves) otherwise. The demo gateway needs DEMO_GATEWAY_ENTITIES registered on the DataSource.
 * With tracing on, each of its calls is a span ('payment_gateway createSubscription').
 */
export function createPaymentGateway(options: PaymentGatewayOptions, dataSource: DataSource): PaymentGateway {
  const stripe = options.stripe;
  if (stripe && stripe.secretKey && stripe.publishableKey && stripe.webhookSecret) {
    return tracedPort<PaymentGateway>(new StripePaymentGateway(stripe), 'payment_gateway');
  }
  return tracedPort<PaymentGateway>(new DemoPaymentGateway(dataSource, options.demoWebhookSecret), 'payment_gateway');
}
