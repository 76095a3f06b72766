import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { PAYMENT_GATEWAY, type PaymentGateway, type PaymentGatewayReports, reportsOf } from '../payments/gateway/payment-gateway';
import { InvalidLimitError, InvalidPeriodError } from './admin.errors';
import { AdminReadModel, type PriceRow } from './admin-read-model';
import type { PeriodDto } from './dto/admin.dto';
import type {
  BalanceDto,
  BalanceTransactionsDto,
  CustomerListingsDto,
  PeriodSummaryDto,
  ProductListingsDto,
  ProviderLabelDto,
  SubscriptionUsersDto,
} from './dto/admin-responses.dto';

const DAY_MS = 86_400_000;

/**
 * /api-admin/stripe/*: the payments views, each labelled with the provider. With Stripe, the
 * balance, balance transactions, products and customers are Stripe's own (through the gateway);
 * in demo mode, where no money moves, they are read from what the platform stores of every payment
 * (the payments ledger, the catalogue's prices and the customers). Subscriptions and the period
 * summary read the store in both modes.
 */
@Injectable()
export class AdminPaymentsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly reads: AdminReadModel,
  ) {
    this.reports = reportsOf(gateway);
  }

  /** The provider's own reports; null in demo mode. */
  private readonly reports: PaymentGatewayReports | null;

  private label(): ProviderLabelDto {
    return { provider: this.gateway.provider, demo: this.gateway.provider === 'demo' };
  }

  private get currency(): string {
    return this.config.payments.currency;
  }

  async balance(): Promise<BalanceDto> {
    const totals = await this.reads.ledgerTotals();
    const currency = totals.currency ?? this.currency;
    if (this.reports) {
      // Stripe's balance of the platform's account; the totals are what the platform recorded.
      const balance = await this.reports.retrieveBalance();
      return { ...this.label(), currency, available: balance.available, pending: balance.pending, totals: { gross: totals.gross, fees: totals.fees, net: totals.net, paidOut: totals.paidOut } };
    }
    return {
      ...this.label(),
      currency,
      // What the platform holds: everything collected less what was already paid out to creators.
      available: [{ amount: totals.gross - totals.paidOut, currency }],
      // Creators' net shares not paid out yet.
      pending: [{ amount: totals.net - totals.paidOut, currency }],
      totals: { gross: totals.gross, fees: totals.fees, net: totals.net, paidOut: totals.paidOut },
    };
  }

  async transactions(limit: number): Promise<BalanceTransactionsDto> {
    if (this.reports) {
      const entries = await this.reports.listBalanceTransactions(checkedLimit(limit));
      return {
        ...this.label(),
        items: entries.map((entry) => ({
          id: entry.id,
          type: entry.type,
          description: entry.description,
          source: entry.source,
          status: entry.status,
          amount: entry.amount,
          fee: entry.fee,
          net: entry.net,
          currency: entry.currency,
          created: entry.created.toISOString(),
          availableOn: entry.availableOn?.toISOString() ?? null,
        })),
      };
    }
    const rows = await this.reads.ledgerRows(checkedLimit(limit));
    return {
      ...this.label(),
      items: rows.map((row) => ({
        id: row.id,
        type: 'charge',
        subscriptionId: row.subscriptionId,
        period: row.period,
        agentId: row.agentId,
        agentName: row.agentName,
        ecosystemId: row.ecosystemId ?? null,
        ecosystemName: row.ecosystemName ?? null,
        amount: Number(row.gross),
        fee: Number(row.fee),
        net: Number(row.net),
        paymentAmount: Number(row.paymentAmount),
        currency: row.currency,
        demo: bool(row.demo),
        paidOut: bool(row.paidOut),
        created: iso(row.paidAt),
      })),
    };
  }

  async subscriptionUsers(): Promise<SubscriptionUsersDto> {
    const rows = await this.reads.subscriptions(1000);
    return {
      ...this.label(),
      items: rows.map((row) => ({
        subscriptionId: row.subscriptionId,
        status: row.status,
        userId: row.userId,
        username: row.username ?? null,
        name: row.userName ?? null,
        email: row.userEmail ?? row.accountEmail ?? null,
        agentId: row.agentId ?? null,
        ecosystemId: row.ecosystemId ?? null,
        agentName: row.agentName ?? null,
        ecosystemName: row.ecosystemName ?? null,
        isBundle: bool(row.isBundle),
        priceId: row.priceId ?? null,
        price: Number(row.price ?? 0),
        createdAt: iso(row.createdAt),
        finishedAt: row.finishedAt ? iso(row.finishedAt) : null,
      })),
    };
  }

  async products(limit: number): Promise<ProductListingsDto> {
    if (this.reports) {
      const [products, prices] = await Promise.all([this.reports.listProducts(checkedLimit(limit)), this.reads.products(1000)]);
      // The catalogue's newest price of each product (prices never change: a new amount is a new price).
      const current = new Map<string, PriceRow>();
      for (const price of prices) if (!current.has(String(price.productId))) current.set(String(price.productId), price);
      return {
        ...this.label(),
        items: products.map((product) => {
          const price = current.get(product.id);
          return {
            productId: product.id,
            priceId: price?.priceId ?? null,
            kind: product.metadata.kind ?? price?.kind ?? null,
            itemId: product.metadata.itemId ?? price?.itemId ?? null,
            name: product.name,
            description: product.description,
            active: product.active,
            unitAmount: price ? Number(price.unitAmount) : null,
            currency: price?.currency ?? null,
            createdAt: product.created.toISOString(),
          };
        }),
      };
    }
    const rows = await this.reads.products(checkedLimit(limit));
    return {
      ...this.label(),
      items: rows.map((row) => ({
        productId: row.productId,
        priceId: row.priceId,
        kind: row.kind,
        itemId: row.itemId,
        name: row.name ?? null,
        unitAmount: Number(row.unitAmount),
        currency: row.currency,
        createdAt: iso(row.createdAt),
      })),
    };
  }

  async customers(limit: number): Promise<CustomerListingsDto> {
    if (this.reports) {
      const customers = await this.reports.listCustomers(checkedLimit(limit));
      const usernames = await this.reads.userNames([...new Set(customers.map((customer) => customer.metadata.userSub).filter((sub): sub is string => !!sub))]);
      return {
        ...this.label(),
        items: customers.map((customer) => ({
          customerId: customer.id,
          userId: customer.metadata.userSub ?? null,
          username: (customer.metadata.userSub && usernames.get(customer.metadata.userSub)) || null,
          name: customer.name,
          email: customer.email,
          createdAt: customer.created.toISOString(),
        })),
      };
    }
    const rows = await this.reads.customers(checkedLimit(limit));
    return {
      ...this.label(),
      items: rows.map((row) => ({
        customerId: row.customerId,
        userId: row.userId,
        username: row.username ?? null,
        name: row.name,
        email: row.email,
        createdAt: iso(row.createdAt),
      })),
    };
  }

  /** A summary of the period, both days included. */
  async summary(period: PeriodDto): Promise<PeriodSummaryDto> {
    const from = new Date(`${period.startDate.slice(0, 10)}T00:00:00.000Z`);
    const to = new Date(new Date(`${period.endDate.slice(0, 10)}T00:00:00.000Z`).getTime() + DAY_MS);
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to <= from) throw new InvalidPeriodError();
    const [totals, subscriptions] = await Promise.all([this.reads.ledgerTotals(from, to), this.reads.subscriptionCounts(from, to)]);
    return {
      ...this.label(),
      startDate: from.toISOString().slice(0, 10),
      endDate: new Date(to.getTime() - DAY_MS).toISOString().slice(0, 10),
      currency: totals.currency ?? this.currency,
      revenue: totals.gross,
      fees: totals.fees,
      net: totals.net,
      payments: totals.payments,
      newSubscriptions: subscriptions.created,
      cancelledSubscriptions: subscriptions.cancelled,
      activeSubscriptions: subscriptions.active,
    };
  }
}

function checkedLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new InvalidLimitError();
  return limit;
}

function bool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
}

/** SQLite hands timestamps back as 'YYYY-MM-DD HH:MM:SS.SSS' (UTC), PostgreSQL as Dates. */
function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  const date = new Date(/^\d{4}-\d{2}-\d{2} /.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}
