import { DemoAccount } from './demo-account.entity';
import { DemoCustomer } from './demo-customer.entity';
import { DemoPaymentMethod } from './demo-payment-method.entity';
import { DemoPrice } from './demo-price.entity';
import { DemoProduct } from './demo-product.entity';
import { DemoSubscription } from './demo-subscription.entity';

export { DemoAccount, DemoCustomer, DemoPaymentMethod, DemoPrice, DemoProduct, DemoSubscription };

/** The demo gateway's tables, to register with TypeORM (TypeOrmModule.forFeature or a DataSource). */
export const DEMO_GATEWAY_ENTITIES = [DemoCustomer, DemoPaymentMethod, DemoProduct, DemoPrice, DemoSubscription, DemoAccount];
