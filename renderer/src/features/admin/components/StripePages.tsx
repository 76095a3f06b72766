import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton } from '../../../shared/ui';
import { adminApi } from '../api/adminApi';
import { errorMessage, useAdminResource } from '../hooks/useAdminResource';
import { adminStrings } from '../strings';
import { formatDateTime, formatMoney } from '../utils/format';
import { firstOf, minorToMajor, providerOf, rowsOf, text, type Row } from '../utils/stripe';
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

export interface Column {
  label: string;
  value(row: Row): string;
}

/** A gateway list as a table, ten rows a page. */
export function PagedTable({ label, rows, columns }: { label: string; rows: Row[]; columns: Column[] }) {
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
            {shown.map((row, index) => (
              <Table.Tr key={String(row.id ?? row.subscriptionId ?? index)}>
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

const money = (amountPath: string[]) => (row: Row) => {
  const currency = firstOf(row, ['currency', 'price.currency']) ?? 'eur';
  const amount = minorToMajor(firstOf(row, amountPath), currency);
  return amount === null ? '—' : formatMoney(amount, String(currency));
};
const field = (paths: string[]) => (row: Row) => text(firstOf(row, paths));
const date = (paths: string[]) => (row: Row) => formatDateTime(firstOf(row, paths));

const yesNo = (paths: string[]) => (row: Row) => {
  const value = firstOf(row, paths);
  return value === undefined ? '—' : value ? adminStrings.yes : adminStrings.no;
};

/** Gateway amounts are in cents; the stored subscriptions' price is per month, in the currency. */
const COLUMNS: Record<Exclude<PageKey, 'balance'>, Column[]> = {
  transactions: [
    { label: c.created, value: date(['created', 'createdAt']) },
    { label: c.id, value: field(['id']) },
    { label: c.type, value: field(['type']) },
    { label: c.agent, value: field(['agentName', 'agentId', 'description']) },
    { label: c.period, value: field(['period']) },
    { label: c.amount, value: money(['amount']) },
    { label: c.fee, value: money(['fee']) },
    { label: c.net, value: money(['net']) },
    { label: c.paidOut, value: yesNo(['paidOut']) },
  ],
  products: [
    { label: c.id, value: field(['productId', 'id']) },
    { label: c.priceId, value: field(['priceId']) },
    { label: c.name, value: field(['name']) },
    { label: c.kind, value: field(['kind']) },
    { label: c.price, value: money(['unitAmount', 'unit_amount', 'amount']) },
    { label: c.created, value: date(['createdAt', 'created']) },
  ],
  customers: [
    { label: c.id, value: field(['customerId', 'id']) },
    { label: c.name, value: field(['name']) },
    { label: c.email, value: field(['email']) },
    { label: c.user, value: field(['userId']) },
    { label: c.created, value: date(['createdAt', 'created']) },
  ],
  subscriptions: [
    { label: c.id, value: field(['subscriptionId', 'id']) },
    { label: c.user, value: field(['name', 'username', 'user.name', 'userId']) },
    { label: c.email, value: field(['email', 'user.email']) },
    { label: c.agent, value: field(['agentName', 'agentId', 'ecosystemId']) },
    { label: c.status, value: field(['status']) },
    {
      label: c.price,
      value: (row) => {
        const value = firstOf(row, ['price']);
        return typeof value === 'number' ? formatMoney(value, String(firstOf(row, ['currency']) ?? 'eur')) : text(value);
      },
    },
    { label: c.created, value: date(['createdAt', 'created']) },
  ],
};

function ListPage({ page, load }: { page: Exclude<PageKey, 'balance'>; load(signal: AbortSignal): Promise<unknown> }) {
  const resource = useAdminResource(load);
  return (
    <SubPage page={page}>
      {resource.loading && resource.data === null ? (
        <LoadingText>{strings.loading}</LoadingText>
      ) : resource.error ? (
        <ErrorAlert message={resource.error} onRetry={resource.reload} />
      ) : (
        <>
          <DemoNotice provider={providerOf(resource.data)} />
          <PagedTable label={strings.pages[page]} rows={rowsOf(resource.data)} columns={COLUMNS[page]} />
        </>
      )}
    </SubPage>
  );
}

export const StripeTransactionsPage = () => (
  <ListPage page="transactions" load={(signal) => adminApi.stripeTransactions(STRIPE_FETCH_LIMIT, signal)} />
);
export const StripeProductsPage = () => <ListPage page="products" load={(signal) => adminApi.stripeProducts(STRIPE_FETCH_LIMIT, signal)} />;
export const StripeCustomersPage = () => <ListPage page="customers" load={(signal) => adminApi.stripeCustomers(STRIPE_FETCH_LIMIT, signal)} />;
export const StripeSubscriptionsPage = () => <ListPage page="subscriptions" load={(signal) => adminApi.stripeSubscriptionUsers(signal)} />;

function amountsOf(body: unknown, key: 'available' | 'pending'): Array<{ amount: number; currency: string }> {
  const list = body && typeof body === 'object' ? (body as Row)[key] : undefined;
  return Array.isArray(list) ? (list as Array<{ amount: number; currency: string }>) : [];
}

const SUMMARY_MONEY = ['revenue', 'fees', 'net'];
const SUMMARY_HIDDEN = ['provider', 'demo', 'currency'];

/** The period's figures with Spanish labels; money from cents. Unknown figures keep their key. */
function summaryRows(summary: Row): Array<[string, string]> {
  const currency = String(summary.currency ?? 'eur');
  const labels = strings.summaryFields as Record<string, string>;
  return Object.entries(summary)
    .filter(([key]) => !SUMMARY_HIDDEN.includes(key))
    .map(([key, value]) => [
      labels[key] ?? key,
      SUMMARY_MONEY.includes(key) && typeof value === 'number' ? formatMoney(minorToMajor(value, currency), currency) : text(value),
    ]);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** /admin/stripe/balance-summary: the balance now, and a summary of a chosen period. */
export function StripeBalancePage() {
  const balance = useAdminResource((signal) => adminApi.stripeBalance(signal));
  const today = new Date();
  const [startDate, setStartDate] = useState(isoDay(new Date(today.getTime() - 30 * 86_400_000)));
  const [endDate, setEndDate] = useState(isoDay(today));
  const [summary, setSummary] = useState<Row | null>(null);
  const [summaryError, setSummaryError] = useState<string | null>(null);
  const [summarising, setSummarising] = useState(false);

  const summarise = async (event: FormEvent) => {
    event.preventDefault();
    if (startDate > endDate) {
      setSummaryError(strings.invalidPeriod);
      return;
    }
    setSummarising(true);
    setSummaryError(null);
    try {
      const result = await adminApi.stripeResume(startDate, endDate);
      setSummary(result && typeof result === 'object' ? (result as Row) : { value: result });
    } catch (error) {
      setSummaryError(errorMessage(error));
    } finally {
      setSummarising(false);
    }
  };

  return (
    <SubPage page="balance">
      {balance.loading && balance.data === null ? (
        <LoadingText>{strings.loading}</LoadingText>
      ) : balance.error ? (
        <ErrorAlert message={balance.error} onRetry={balance.reload} />
      ) : (
        <>
          <DemoNotice provider={providerOf(balance.data)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {(['available', 'pending'] as const).map((key) => {
              const amounts = amountsOf(balance.data, key);
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
        <form onSubmit={(event) => void summarise(event)}>
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
            <DemoNotice provider={providerOf(summary)} />
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
