import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton, useToast, LoadStatus } from '../../../shared/ui';
import {
  type BundleShare,
  type ConnectedAccount,
  type EarningsAgent,
  type PaymentProvider,
  useConnectedAccount,
  useEarnings,
  useStartOnboarding,
} from '../api/earningsQueries';
import { earningsStrings as strings, monthName } from '../strings';
import { formatMoney, formatShare } from '../utils/money';

export interface EarningsPanelProps {
  /** Where the onboarding link leads (Stripe's site); the browser goes there by default. */
  openUrl?: (url: string) => void;
  /** What other developers' keys spent on the creator's APIs this month, supplied by the app (issue 36). */
  apiSales?: ReactNode;
}

const errorText = (failure: unknown) => (isApiError(failure) ? failure.message : strings.loadError);

/**
 * 'Mis ingresos' (/mi-perfil?tab=EARNINGS): the creator's connected account ('Conectar con
 * Stripe'), and per month and agent the subscribers, revenue, platform fee, net and whether it was
 * paid out; then how bundles were split among their agents' creators, and on what basis.
 */
export function EarningsPanel({ openUrl = (url) => window.location.assign(url), apiSales = null }: EarningsPanelProps) {
  const { payments } = useRuntimeConfig();
  const toast = useToast();
  const ledger = useEarnings();
  const connectedAccount = useConnectedAccount();
  const onboarding = useStartOnboarding();
  const earnings = ledger.data ?? null;
  const account = connectedAccount.data ?? null;
  const loadFailure = ledger.error ?? connectedAccount.error;
  const loadError = loadFailure ? errorText(loadFailure) : null;
  const reload = () => {
    void ledger.refetch();
    void connectedAccount.refetch();
  };
  // Stripe sends the creator back with onboarding=refresh when the link expired before they finished.
  const [searchParams] = useSearchParams();
  const linkExpired = searchParams.get('onboarding') === 'refresh';

  const provider: PaymentProvider = earnings?.provider ?? account?.provider ?? payments.provider;
  const currency = earnings?.currency ?? payments.currency;

  const connect = () =>
    onboarding.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (provider === 'stripe') openUrl(url);
        // Demo: there is no onboarding to go through; the account is ready at once (and reloaded).
        else toast.success(strings.account.connected);
      },
    });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{strings.title}</Title>
        <Text c="dimmed" size="sm">
          {strings.lead}
        </Text>
      </Stack>
      {provider === 'demo' && (
        <Alert color="yellow" variant="light" title={strings.demoNotice} role="note" data-testid="demo-mode-notice">
          {strings.demoHint}
        </Alert>
      )}
      {loadError || earnings === null || account === null ? (
        <LoadStatus error={loadError} loadingText={strings.loading} retryText={strings.retry} onRetry={reload} />
      ) : (
        <>
          {linkExpired && provider === 'stripe' && account.status === 'pending' && (
            <Alert color="indigo" variant="light" role="status">
              {strings.account.linkExpired}
            </Alert>
          )}
          <AccountCard
            account={account}
            provider={provider}
            connecting={onboarding.isPending}
            error={onboarding.error ? errorText(onboarding.error) : null}
            onConnect={connect}
          />
          <Text size="sm" c="dimmed">
            {strings.fee(earnings.feePercent)}
          </Text>
          {earnings.months.length === 0 ? (
            <Text c="dimmed">{strings.empty}</Text>
          ) : (
            earnings.months.map((month) => (
              <Paper key={month.month} withBorder p="md" radius="md">
                <Stack gap="sm">
                  <Title order={3} fz="lg">
                    {monthName(month.month)}
                  </Title>
                  {/* Focusable, so that the keyboard can scroll the table sideways on a phone (WCAG 2.1.1). */}
                  <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={`${strings.title}: ${monthName(month.month)}`}>
                    <Table striped aria-label={`${strings.title}: ${monthName(month.month)}`}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th scope="col">{strings.columns.agent}</Table.Th>
                          <Table.Th scope="col">{strings.columns.subscribers}</Table.Th>
                          <Table.Th scope="col">{strings.columns.gross}</Table.Th>
                          <Table.Th scope="col">{strings.columns.fee}</Table.Th>
                          <Table.Th scope="col">{strings.columns.net}</Table.Th>
                          <Table.Th scope="col">{strings.columns.payout}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {month.agents.map((line) => (
                          <Table.Tr key={line.agentId}>
                            <Table.Th scope="row">{line.agentName}</Table.Th>
                            <Table.Td>{line.subscribers}</Table.Td>
                            <Table.Td>{formatMoney(line.gross, currency)}</Table.Td>
                            <Table.Td>{formatMoney(line.fee, currency)}</Table.Td>
                            <Table.Td>{formatMoney(line.net, currency)}</Table.Td>
                            <Table.Td>
                              <PayoutBadge line={line} provider={provider} />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                      <Table.Tfoot>
                        <Table.Tr>
                          <Table.Th scope="row">{strings.total}</Table.Th>
                          <Table.Td>{month.totals.subscribers}</Table.Td>
                          <Table.Td>{formatMoney(month.totals.gross, currency)}</Table.Td>
                          <Table.Td>{formatMoney(month.totals.fee, currency)}</Table.Td>
                          <Table.Td>{formatMoney(month.totals.net, currency)}</Table.Td>
                          <Table.Td />
                        </Table.Tr>
                      </Table.Tfoot>
                    </Table>
                  </Table.ScrollContainer>
                </Stack>
              </Paper>
            ))
          )}
          {apiSales}
          {earnings.bundleShares.length > 0 && <BundleShares shares={earnings.bundleShares} />}
        </>
      )}
    </Stack>
  );
}

function AccountCard(props: { account: ConnectedAccount; provider: PaymentProvider; connecting: boolean; error: string | null; onConnect: () => void }) {
  const { account, provider, connecting, error, onConnect } = props;
  const demo = provider === 'demo';
  const text = demo
    ? account.status === 'none'
      ? strings.account.demoNone
      : strings.account.demoActive
    : strings.account[account.status];
  const action = demo ? (account.status === 'none' ? strings.account.connectDemo : null) : account.status === 'none' ? strings.account.connect : account.status === 'pending' ? strings.account.continue : null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {strings.account.title}
        </Title>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm">{text}</Text>
          {action && (
            <AppButton onClick={onConnect} loading={connecting}>
              {action}
            </AppButton>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function PayoutBadge({ line, provider }: { line: EarningsAgent; provider: PaymentProvider }) {
  if (provider === 'demo') return <Badge color="yellow" variant="light">{strings.demoPayout}</Badge>;
  return line.paidOut ? <Badge color="green" variant="light">{strings.paidOut}</Badge> : <Badge color="gray" variant="light">{strings.pendingPayout}</Badge>;
}

function BundleShares({ shares }: { shares: BundleShare[] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {strings.bundles.title}
        </Title>
        <Text size="sm" c="dimmed">
          {strings.bundles.lead}
        </Text>
        <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={strings.bundles.title}>
          <Table striped aria-label={strings.bundles.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{strings.bundles.ecosystem}</Table.Th>
                <Table.Th scope="col">{strings.bundles.month}</Table.Th>
                <Table.Th scope="col">{strings.bundles.agent}</Table.Th>
                <Table.Th scope="col">{strings.bundles.share}</Table.Th>
                <Table.Th scope="col">{strings.bundles.messages}</Table.Th>
                <Table.Th scope="col">{strings.bundles.basis}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shares.map((share) => (
                <Table.Tr key={`${share.ecosystemId}|${share.month}|${share.agentId}`}>
                  <Table.Td>{share.ecosystemName}</Table.Td>
                  <Table.Td>{monthName(share.month)}</Table.Td>
                  <Table.Th scope="row">{share.agentName}</Table.Th>
                  <Table.Td>{formatShare(share.usageShare)}</Table.Td>
                  <Table.Td>{strings.bundles.messagesOf(share.messages, share.bundleMessages)}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm">{strings.bundles[share.basis]}</Text>
                      {!share.settled && (
                        <Text size="xs" c="dimmed">
                          {strings.bundles.open}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
