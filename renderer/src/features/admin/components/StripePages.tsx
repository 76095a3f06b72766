import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { components } from '../../../shared/api';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton } from '../../../shared/ui';
import {
  errorMessage,
  failureOf,
  useBalance,
  useBalanceTransactions,
  useCustomers,
  useProducts,
  useSubscriptionListings,
  useSummarisePeriod,
  type PeriodSummary,
} from '../api/adminQueries';
import { adminStrings } from '../strings';
import { formatDateTime, formatDay, formatMoney, formatMonth, formatNumber, minorToMajor, text } from '../utils/format';
import { DemoNotice, ErrorAlert, LoadingText, PageHeader, Pager } from './parts';

const strings = adminStrings.stripe;
const c = strings.columns;
/** How many rows each list asks the gateway for; the table pages through them. */
export const STRIPE_FETCH_LIMIT = 100;
export const STRIPE_PAGE_SIZE = 10;

type PageKey = keyof typeof strings.pages;

const SUB_PAGES: Array<{ key: PageKey; path: string }> = [
  { key: 'balance', path: '/admin/stripe/balance-summary' },
  { key: 'transactions', path: '/admin/stripe/transactions' },
  { key: 'products', path: '/admin/stripe/products' },
  { key: 'customers', path: '/admin/stripe/customers' },
  { key: 'subscriptions', path: '/admin/stripe/subscriptions' },
];

/** /admin/stripe: the five payments views. */
export function StripeIndexPage() {
  const { payments } = useRuntimeConfig();
  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <PageHeader title={strings.title} intro={strings.intro} />
      <DemoNotice provider={payments.provider} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {SUB_PAGES.map((page) => (
          <Card component="li" key={page.key} withBorder padding="md" radius="md">
            <Stack gap="xs">
              <Anchor component={Link} to={page.path} fw={700}>
                {strings.pages[page.key]}
              </Anchor>
              <Text size="sm" c="dimmed">
                {strings.pageIntros[page.key]}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function SubPage({ page, children }: { page: PageKey; children: ReactNode }) {
  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <Anchor component={Link} to="/admin/stripe" size="sm">
        {strings.back}
      </Anchor>
      <PageHeader title={strings.pages[page]} intro={strings.pageIntros[page]} />
      {children}
    </Stack>
  );
}

export interface Column<T> {
  label: string;
  value(row: T): string;
}

/** Every payments list: its rows, labelled with the provider that gave them. */
type Listing<T> = Pick<components['schemas']['BalanceTransactionsDto'], 'provider'> & { items: T[] };

/** A gateway list as a table, ten rows a page. */
export function PagedTable<T>({ label, rows, columns, rowKey }: { label: string; rows: T[]; columns: Column<T>[]; rowKey(row: T): string }) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / STRIPE_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * STRIPE_PAGE_SIZE, current * STRIPE_PAGE_SIZE);
  if (rows.length === 0) return <Text>{strings.empty}</Text>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label={label}>
        <Table striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th scope="col" key={column.label}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.label} style={{ overflowWrap: 'anywhere' }}>
                    {column.value(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager page={current} pages={pages} onChange={setPage} />
    </Stack>
  );
}

type Schemas = components['schemas'];

const money = (amount: number | null | undefined, currency: string | null | undefined) => {
  const major = minorToMajor(amount, currency ?? 'eur');
  return major === null ? '—' : formatMoney(major, currency ?? 'eur');
};
const yesNo = (value: boolean | undefined) => (value === undefined ? '—' : value ? adminStrings.yes : adminStrings.no);
/** The first value that says something, as the cell shows it. */
const firstOf = (...values: Array<string | null | undefined>) => text(values.find((value) => value !== null && value !== undefined && value !== ''));

/** A code of the gateway or the store in Spanish; one this screen does not know stays as it is. */
const labelOf = (labels: Record<string, string>, value: string | null | undefined) => (value ? (labels[value] ?? value) : adminStrings.none);

/** What was bought, by name: the ecosystem for a bundle, else the agent; a deleted one says so. */
function itemName(row: { agentId?: string | null; agentName?: string | null; ecosystemId?: string | null; ecosystemName?: string | null }): string {
  if (row.ecosystemId) return row.ecosystemName ? strings.ecosystem(row.ecosystemName) : strings.deletedEcosystem;
  if (row.agentId) return row.agentName || strings.deletedAgent;
  return adminStrings.none;
}

/** Gateway amounts are in cents; the stored subscriptions' price is per month, in the currency. */
const TRANSACTION_COLUMNS: Column<Schemas['BalanceTransactionDto']>[] = [
  { label: c.created, value: (row) => formatDateTime(row.created) },
  { label: c.id, value: (row) => text(row.id) },
  { label: c.type, value: (row) => labelOf(strings.transactionTypes, row.type) },
  {
    label: c.agent,
    // A bundle's payment is shared among its agents: the agent, then the ecosystem it was bought in.
    value: (row) =>
      row.agentName ? [row.agentName, row.ecosystemName ? strings.ecosystem(row.ecosystemName) : null].filter(Boolean).join(' · ') : firstOf(row.description),
  },
  { label: c.period, value: (row) => (row.period ? formatMonth(row.period) : text(row.period)) },
  { label: c.amount, value: (row) => money(row.amount, row.currency) },
  { label: c.fee, value: (row) => money(row.fee, row.currency) },
  { label: c.net, value: (row) => money(row.net, row.currency) },
  { label: c.paidOut, value: (row) => yesNo(row.paidOut) },
];

const PRODUCT_COLUMNS: Column<Schemas['ProductListingDto']>[] = [
  { label: c.id, value: (row) => text(row.productId) },
  { label: c.priceId, value: (row) => text(row.priceId) },
  { label: c.name, value: (row) => text(row.name) },
  { label: c.kind, value: (row) => labelOf(strings.kinds, row.kind) },
  { label: c.price, value: (row) => money(row.unitAmount, row.currency) },
  { label: c.created, value: (row) => formatDateTime(row.createdAt) },
];

const CUSTOMER_COLUMNS: Column<Schemas['CustomerListingDto']>[] = [
  { label: c.id, value: (row) => text(row.customerId) },
  { label: c.name, value: (row) => text(row.name) },
  { label: c.email, value: (row) => text(row.email) },
  { label: c.user, value: (row) => text(row.username) },
  { label: c.created, value: (row) => formatDateTime(row.createdAt) },
];

const SUBSCRIPTION_COLUMNS: Column<Schemas['SubscriptionListingDto']>[] = [
  { label: c.id, value: (row) => text(row.subscriptionId) },
  { label: c.user, value: (row) => firstOf(row.username, row.name) },
  { label: c.email, value: (row) => text(row.email) },
  { label: c.item, value: itemName },
  { label: c.status, value: (row) => labelOf(strings.subscriptionStatuses, row.status) },
  { label: c.price, value: (row) => formatMoney(row.price) },
  { label: c.created, value: (row) => formatDateTime(row.createdAt) },
];

function ListPage<T>({
  page,
  query,
  columns,
  rowKey,
}: {
  page: Exclude<PageKey, 'balance'>;
  query: UseQueryResult<Listing<T>>;
  columns: Column<T>[];
  rowKey(row: T): string;
}) {
  const failure = failureOf(query);
  return (
    <SubPage page={page}>
      {query.isFetching && !query.data ? (
        <LoadingText>{strings.loading}</LoadingText>
      ) : failure || !query.data ? (
        <ErrorAlert message={failure ?? adminStrings.genericError} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <DemoNotice provider={query.data.provider} />
          <PagedTable label={strings.pages[page]} rows={query.data.items} columns={columns} rowKey={rowKey} />
        </>
      )}
    </SubPage>
  );
}

export const StripeTransactionsPage = () => (
  <ListPage page="transactions" query={useBalanceTransactions(STRIPE_FETCH_LIMIT)} columns={TRANSACTION_COLUMNS} rowKey={(row) => row.id} />
);
export const StripeProductsPage = () => (
  <ListPage page="products" query={useProducts(STRIPE_FETCH_LIMIT)} columns={PRODUCT_COLUMNS} rowKey={(row) => row.productId} />
);
export const StripeCustomersPage = () => (
  <ListPage page="customers" query={useCustomers(STRIPE_FETCH_LIMIT)} columns={CUSTOMER_COLUMNS} rowKey={(row) => row.customerId} />
);
export const StripeSubscriptionsPage = () => (
  <ListPage page="subscriptions" query={useSubscriptionListings()} columns={SUBSCRIPTION_COLUMNS} rowKey={(row) => row.subscriptionId} />
);

const SUMMARY_MONEY = ['revenue', 'fees', 'net'];
/** Days as the server sends them (2026-11-01), shown the Spanish way (01/11/2026). */
const SUMMARY_DAYS = ['startDate', 'endDate'];
const SUMMARY_HIDDEN = ['provider', 'demo', 'currency'];

/** The period's figures with Spanish labels; money from cents, Spanish days and numbers. Unknown figures keep their key. */
function summaryRows(summary: PeriodSummary): Array<[string, string]> {
  const { currency } = summary;
  const labels = strings.summaryFields as Record<string, string>;
  const shown = (key: string, value: unknown): string => {
    if (SUMMARY_MONEY.includes(key) && typeof value === 'number') return formatMoney(minorToMajor(value, currency), currency);
    if (SUMMARY_DAYS.includes(key) && typeof value === 'string') return formatDay(value);
    if (typeof value === 'number') return formatNumber(value);
    return text(value);
  };
  return Object.entries(summary)
    .filter(([key]) => !SUMMARY_HIDDEN.includes(key))
    .map(([key, value]) => [labels[key] ?? key, shown(key, value)]);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** /admin/stripe/balance-summary: the balance now, and a summary of a chosen period. */
export function StripeBalancePage() {
  const balance = useBalance();
  const balanceError = failureOf(balance);
  const today = new Date();
  const [startDate, setStartDate] = useState(isoDay(new Date(today.getTime() - 30 * 86_400_000)));
  const [endDate, setEndDate] = useState(isoDay(today));
  // The last summary stays on screen while another period is asked for, and after a failure.
  const [summary, setSummary] = useState<PeriodSummary | null>(null);
  const [summaryError, setSummaryError] = useState<string | null>(null);
  const summarisePeriod = useSummarisePeriod();
  const summarising = summarisePeriod.isPending;

  const summarise = (event: FormEvent) => {
    event.preventDefault();
    if (startDate > endDate) {
      setSummaryError(strings.invalidPeriod);
      return;
    }
    setSummaryError(null);
    summarisePeriod.mutate(
      { startDate, endDate },
      { onSuccess: setSummary, onError: (error) => setSummaryError(errorMessage(error)) },
    );
  };

  return (
    <SubPage page="balance">
      {balance.isFetching && !balance.data ? (
        <LoadingText>{strings.loading}</LoadingText>
      ) : balanceError || !balance.data ? (
        <ErrorAlert message={balanceError ?? adminStrings.genericError} onRetry={() => void balance.refetch()} />
      ) : (
        <>
          <DemoNotice provider={balance.data.provider} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {(['available', 'pending'] as const).map((key) => {
              const amounts = balance.data[key];
              return (
                <Card key={key} withBorder padding="md" radius="md">
                  <Text size="sm" c="dimmed">
                    {strings[key]}
                  </Text>
                  {amounts.length === 0 ? (
                    <Text fw={800} fz={24}>
                      {strings.noBalance}
                    </Text>
                  ) : (
                    amounts.map((item) => (
                      <Text key={item.currency} fw={800} fz={24}>
                        {formatMoney(minorToMajor(item.amount, item.currency), item.currency)}
                      </Text>
                    ))
                  )}
                </Card>
              );
            })}
          </SimpleGrid>
        </>
      )}
      <Stack gap="sm">
        <Title order={2} size="h3">
          {strings.summaryTitle}
        </Title>
        <form onSubmit={summarise}>
          <Group align="flex-end" gap="sm">
            <TextInput type="date" label={strings.startDate} value={startDate} onChange={(event) => setStartDate(event.currentTarget.value)} required />
            <TextInput type="date" label={strings.endDate} value={endDate} onChange={(event) => setEndDate(event.currentTarget.value)} required />
            <AppButton type="submit" disabled={summarising || !startDate || !endDate}>
              {summarising ? strings.summarising : strings.summarise}
            </AppButton>
          </Group>
        </form>
        {summaryError && <ErrorAlert message={summaryError} />}
        {summary && (
          <>
            <DemoNotice provider={summary.provider} />
            <Table striped aria-label={strings.summaryLabel} maw={640}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{c.metric}</Table.Th>
                  <Table.Th scope="col">{c.value}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summaryRows(summary).map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th scope="row">{label}</Table.Th>
                    <Table.Td>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </SubPage>
  );
}
