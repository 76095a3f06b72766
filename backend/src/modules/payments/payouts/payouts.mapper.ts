import type { BundleShareDto, ConnectedAccountDto, EarningsMonthDto } from './dto/payouts.dto';
import type { CreatorAccount } from './entities/creator-account.entity';
import type { CreatorLedgerEntry, SplitBasis } from './entities/creator-ledger-entry.entity';
import type { PaymentProvider } from '../gateway/payment-gateway';

const toMajor = (cents: number) => Math.round(cents) / 100;

export function toConnectedAccountDto(account: CreatorAccount | null, provider: PaymentProvider): ConnectedAccountDto {
  if (!account) return { accountId: null, provider, status: 'none' };
  // Stripe confirms an Express account's onboarding on its side (account.updated); the demo account can take payments at once.
  return { accountId: account.accountId, provider, status: account.chargesEnabled ? 'active' : 'pending' };
}

/** The creator's ledger rows as months (newest first) of agents (by net, highest first). */
export function toEarningsMonths(rows: CreatorLedgerEntry[]): EarningsMonthDto[] {
  const months = new Map<string, Map<string, CreatorLedgerEntry[]>>();
  for (const row of rows) {
    const agents = months.get(row.period) ?? new Map<string, CreatorLedgerEntry[]>();
    agents.set(row.agentId, [...(agents.get(row.agentId) ?? []), row]);
    months.set(row.period, agents);
  }
  return [...months.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([month, agents]) => {
      const lines = [...agents.entries()].map(([agentId, entries]) => {
        const latest = entries.reduce((a, b) => (a.paidAt > b.paidAt ? a : b));
        return {
          agentId,
          agentName: latest.agentName,
          subscribers: subscriptionsIn(entries),
          gross: sum(entries, 'gross'),
          fee: sum(entries, 'fee'),
          net: sum(entries, 'net'),
          paidOut: entries.every((entry) => entry.paidOut),
        };
      });
      lines.sort((a, b) => b.net - a.net || a.agentName.localeCompare(b.agentName));
      const all = [...agents.values()].flat();
      return {
        month,
        agents: lines.map((line) => ({ ...line, gross: toMajor(line.gross), fee: toMajor(line.fee), net: toMajor(line.net) })),
        totals: {
          subscribers: subscriptionsIn(all),
          gross: toMajor(sum(all, 'gross')),
          fee: toMajor(sum(all, 'fee')),
          net: toMajor(sum(all, 'net')),
        },
      };
    });
}

/**
 * One line per bundle, month and agent, over every subscriber's payment that month: the agent's
 * part of what was paid, the replies that counted for the split, and its basis ('minimum' when the
 * agent got only its creator's minimum; 'mixed' when the payments were split on different bases).
 */
export function toBundleShares(rows: CreatorLedgerEntry[]): BundleShareDto[] {
  const lines = new Map<string, CreatorLedgerEntry[]>();
  for (const row of rows) {
    if (!row.ecosystemId) continue;
    const key = `${row.ecosystemId}|${row.period}|${row.agentId}`;
    lines.set(key, [...(lines.get(key) ?? []), row]);
  }
  return [...lines.values()]
    .map((entries) => {
      const latest = entries.reduce((a, b) => (a.paidAt > b.paidAt ? a : b));
      const paid = entries.reduce((total, row) => total + row.paymentAmount, 0);
      const bases = new Set(entries.map((row) => row.splitBasis));
      // A subscription's payments of one month (its period and any plan change's) count the same replies: once.
      const perSubscription = [...new Map(entries.map((row) => [row.subscriptionId, row])).values()];
      return {
        ecosystemId: latest.ecosystemId as string,
        ecosystemName: latest.ecosystemName ?? latest.ecosystemId ?? '',
        month: latest.period,
        agentId: latest.agentId,
        agentName: latest.agentName,
        usageShare: paid > 0 ? round4(sum(entries, 'gross') / paid) : 0,
        messages: perSubscription.reduce((total, row) => total + row.agentMessages, 0),
        bundleMessages: perSubscription.reduce((total, row) => total + row.bundleMessages, 0),
        basis: bases.size === 1 ? shareBasis(latest.splitBasis) : ('mixed' as const),
        settled: entries.every((row) => row.settled),
      };
    })
    .sort((a, b) => b.month.localeCompare(a.month) || a.ecosystemId.localeCompare(b.ecosystemId) || b.usageShare - a.usageShare || a.agentId.localeCompare(b.agentId));
}

function shareBasis(basis: SplitBasis): BundleShareDto['basis'] {
  return basis === 'usage' || basis === 'price' || basis === 'minimum' ? basis : 'equal';
}

/** The subscriptions that paid: an API invoice's share (issue 36) is money earned, not a subscriber. */
function subscriptionsIn(rows: CreatorLedgerEntry[]): number {
  return new Set(rows.filter((row) => row.splitBasis !== 'api').map((row) => row.subscriptionId)).size;
}

function sum(rows: CreatorLedgerEntry[], field: 'gross' | 'fee' | 'net'): number {
  return rows.reduce((total, row) => total + row[field], 0);
}

function round4(value: number): number {
  return Math.round(value * 10000) / 10000;
}
