import { DemoPaymentGateway } from '../../../src/modules/payments/gateway/demo-payment-gateway';
import { DemoPaymentMethod } from '../../../src/modules/payments/gateway/demo';
import { describeGatewayContract } from './gateway-contract';
import { createGatewayDataSource } from './gateway-data-source';

describeGatewayContract('the demo gateway (our own tables)', async () => {
  const database = await createGatewayDataSource();
  const webhookSecret = 'whsec_demo_contract';
  return {
    gateway: new DemoPaymentGateway(database.dataSource, webhookSecret),
    webhookSecret,
    storedCardCount: (customerId) => database.dataSource.getRepository(DemoPaymentMethod).countBy({ customerId }),
    finishOnboarding: async () => undefined,
    close: () => database.close(),
  };
});
