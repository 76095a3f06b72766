export type PaymentProvider = 'demo' | 'stripe';

export interface ConnectedAccount {
  accountId: string | null;
  provider: PaymentProvider;
  status: 'none' | 'pending' | 'active';
}

export interface EarningsAgent {
  agentId: string;
  agentName: string;
  subscribers: number;
  gross: number;
  fee: number;
  net: number;
  paidOut: boolean;
}

export interface EarningsMonth {
  month: string;
  agents: EarningsAgent[];
  totals: { subscribers: number; gross: number; fee: number; net: number };
}

export interface BundleShare {
  ecosystemId: string;
  ecosystemName?: string;
  month: string;
  agentId: string;
  agentName?: string;
  usageShare: number;
  messages?: number;
  bundleMessages?: number;
  basis?: 'usage' | 'price' | 'equal' | 'mixed';
  settled?: boolean;
}

/** GET /stripe/earnings: amounts in the currency (euros), not cents. */
export interface Earnings {
  currency: string;
  provider: PaymentProvider;
  feePercent?: number;
  months: EarningsMonth[];
  bundleShares: BundleShare[];
}
