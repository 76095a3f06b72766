import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Box, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  failureOf,
  useAgentMetrics,
  useDetailedMetrics,
  useMargins,
  useUserMetrics,
  type DailyMetrics,
  type Margins,
  type MetricsPeriod,
} from '../api/adminQueries';
import { adminStrings } from '../strings';
import { formatDay, formatMoney, formatMonth, formatNumber } from '../utils/format';
import { FigureCard } from './AdminAgentsPage';
import { ErrorAlert, LoadingText, PageHeader } from './parts';

const strings = adminStrings.dashboard;
const PERIODS: MetricsPeriod[] = ['7d', '30d', '90d', '12m'];
export const DEFAULT_PERIOD: MetricsPeriod = '30d';

/** /admin: the platform's figures of the period chosen as cards, charts and (for screen readers and keyboards) a table. */
export function AdminDashboardPage() {
  const [period, setPeriod] = useState<MetricsPeriod>(DEFAULT_PERIOD);
  const users = useUserMetrics(period);
  const agents = useAgentMetrics();
  const detailed = useDetailedMetrics(period);
  const margins = useMargins(period);
  const figuresError = failureOf(users) ?? failureOf(agents);
  const detailedError = failureOf(detailed);
  const marginsError = failureOf(margins);

  const days = [...(detailed.data?.days ?? [])].sort((a, b) => a.date.localeCompare(b.date));
  const currency = detailed.data?.currency ?? 'eur';
  const revenue = days.reduce((sum, day) => sum + day.revenue, 0) / 100;
  const subscriptions = days.reduce((sum, day) => sum + day.subscriptions, 0);
  const userFigures = users.data;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <PageHeader title={strings.title} intro={strings.intro} />
      <Stack gap={4} align="flex-start">
        <Text size="sm" fw={500} id="admin-dashboard-period">
          {strings.period}
        </Text>
        <SegmentedControl
          aria-labelledby="admin-dashboard-period"
          value={period}
          onChange={(value) => setPeriod(value as MetricsPeriod)}
          data={PERIODS.map((value) => ({ value, label: strings.periods[value] }))}
        />
      </Stack>
      {figuresError && (
        <ErrorAlert
          message={figuresError}
          onRetry={() => {
            void users.refetch();
            void agents.refetch();
          }}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <FigureCard
          label={strings.cards.users}
          value={userFigures ? userFigures.totalUsers : '…'}
          detail={userFigures ? strings.usersDetail(userFigures.confirmedUsers, userFigures.disabledUsers) : undefined}
        />
        <FigureCard
          label={strings.cards.agents}
          value={agents.data ? agents.data.totalAgents : '…'}
          detail={agents.data ? strings.agentsDetail(agents.data.publicAgentsCount, agents.data.privateAgentsCount) : undefined}
        />
        <FigureCard label={strings.cards.revenue} value={detailed.data ? formatMoney(revenue, currency) : '…'} detail={strings.revenueDetail} />
        <FigureCard label={strings.cards.subscriptions} value={detailed.data ? subscriptions : '…'} detail={strings.subscriptionsDetail} />
      </SimpleGrid>

      {detailed.isFetching && !detailed.data ? (
        <LoadingText>{adminStrings.loading}</LoadingText>
      ) : detailedError ? (
        <ErrorAlert message={detailedError} onRetry={() => void detailed.refetch()} />
      ) : days.length === 0 ? (
        <Text>{strings.noDays}</Text>
      ) : (
        <DailyCharts days={days} currency={currency} monthly={detailed.data?.granularity === 'month'} busy={detailed.isFetching} />
      )}

      <Stack gap="sm">
        <Title order={2} size="h3" id="admin-margins-title">
          {strings.marginsTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {strings.marginsIntro}
        </Text>
        {margins.isFetching && !margins.data ? (
          <LoadingText>{adminStrings.loading}</LoadingText>
        ) : marginsError ? (
          <ErrorAlert message={marginsError} onRetry={() => void margins.refetch()} />
        ) : !margins.data || margins.data.agents.length === 0 ? (
          <Text>{strings.noMargins}</Text>
        ) : (
          <MarginsTable margins={margins.data} />
        )}
      </Stack>
    </Stack>
  );
}

const cents = (amount: number | null, currency: string) => (amount === null ? adminStrings.none : formatMoney(amount / 100, currency));

function MarginsTable({ margins }: { margins: Margins }) {
  const c = strings.marginColumns;
  return (
    <>
      {!margins.pricesConfigured && (
        <Text size="sm" c="dimmed">
          {strings.noPrices}
        </Text>
      )}
      <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label={strings.marginsLabel}>
        <Table striped aria-label={strings.marginsLabel}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{c.agent}</Table.Th>
              <Table.Th scope="col">{c.revenue}</Table.Th>
              <Table.Th scope="col">{c.inputTokens}</Table.Th>
              <Table.Th scope="col">{c.outputTokens}</Table.Th>
              <Table.Th scope="col">{c.modelCost}</Table.Th>
              <Table.Th scope="col">{c.margin}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {margins.agents.map((row) => (
              <Table.Tr key={row.agentId}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{cents(row.revenue, margins.currency)}</Table.Td>
                <Table.Td>{formatNumber(row.inputTokens)}</Table.Td>
                <Table.Td>{formatNumber(row.outputTokens)}</Table.Td>
                <Table.Td>{cents(row.modelCost, margins.currency)}</Table.Td>
                <Table.Td c={row.margin !== null && row.margin < 0 ? 'red' : undefined}>{cents(row.margin, margins.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

function ChartFigure({ id, title, caption, children }: { id: string; title: string; caption: string; children: ReactNode }) {
  return (
    // A figure, not role="img": the chart's keyboard layer must stay reachable inside it.
    <Box component="figure" m={0} aria-labelledby={`${id}-title`} aria-describedby={`${id}-caption`}>
      <Title order={2} size="h3" id={`${id}-title`} mb="xs">
        {title}
      </Title>
      {children}
      <Text component="figcaption" id={`${id}-caption`} size="xs" c="dimmed" mt={4}>
        {caption}
      </Text>
    </Box>
  );
}

/** The period's figures, one a day, or one a month over 12 months. */
function DailyCharts({ days, currency, monthly, busy }: { days: DailyMetrics[]; currency: string; monthly: boolean; busy: boolean }) {
  const c = strings.columns;
  const when = (date: string) => (monthly ? formatMonth(date) : formatDay(date));
  const data = days.map((day) => ({
    date: when(day.date),
    [c.signUps]: day.signUps,
    [c.activeUsers]: day.activeUsers,
    [c.conversations]: day.conversations,
    [c.messages]: day.messages,
    [c.tokens]: day.tokens,
    [c.subscriptions]: day.subscriptions,
    [c.revenue]: day.revenue / 100,
  }));

  return (
    <Stack gap="xl">
      <ChartFigure
        id="admin-activity"
        title={monthly ? strings.activityTitleMonthly : strings.activityTitle}
        caption={monthly ? strings.activityCaptionMonthly : strings.activityCaption}
      >
        <LineChart
          h={260}
          data={data}
          dataKey="date"
          withLegend
          valueFormatter={formatNumber}
          series={[
            { name: c.signUps, color: 'indigo.5' },
            { name: c.activeUsers, color: 'teal.5' },
            { name: c.conversations, color: 'yellow.5' },
          ]}
        />
      </ChartFigure>
      <ChartFigure id="admin-usage" title={monthly ? strings.usageTitleMonthly : strings.usageTitle} caption={monthly ? strings.usageCaptionMonthly : strings.usageCaption}>
        <BarChart
          h={240}
          data={data}
          dataKey="date"
          withLegend
          valueFormatter={formatNumber}
          series={[
            { name: c.messages, color: 'cyan.5' },
            { name: c.tokens, color: 'grape.5', yAxisId: 'right' },
          ]}
          withRightYAxis
        />
      </ChartFigure>
      <ChartFigure
        id="admin-revenue"
        title={monthly ? strings.revenueTitleMonthly : strings.revenueTitle}
        caption={monthly ? strings.revenueCaptionMonthly : strings.revenueCaption}
      >
        <BarChart
          h={240}
          data={data}
          dataKey="date"
          withLegend
          valueFormatter={(value) => formatMoney(value, currency)}
          series={[{ name: c.revenue, color: 'teal.5' }]}
        />
      </ChartFigure>
      <Table.ScrollContainer minWidth={840} type="native" tabIndex={0} role="region" aria-label={monthly ? strings.tableLabelMonthly : strings.tableLabel}>
        <Table striped aria-label={monthly ? strings.tableLabelMonthly : strings.tableLabel} aria-busy={busy}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{monthly ? strings.month : c.date}</Table.Th>
              <Table.Th scope="col">{c.signUps}</Table.Th>
              <Table.Th scope="col">{c.activeUsers}</Table.Th>
              <Table.Th scope="col">{c.conversations}</Table.Th>
              <Table.Th scope="col">{c.messages}</Table.Th>
              <Table.Th scope="col">{c.tokens}</Table.Th>
              <Table.Th scope="col">{c.subscriptions}</Table.Th>
              <Table.Th scope="col">{c.revenue}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((day) => (
              <Table.Tr key={day.date}>
                <Table.Td>{when(day.date)}</Table.Td>
                <Table.Td>{formatNumber(day.signUps)}</Table.Td>
                <Table.Td>{formatNumber(day.activeUsers)}</Table.Td>
                <Table.Td>{formatNumber(day.conversations)}</Table.Td>
                <Table.Td>{formatNumber(day.messages)}</Table.Td>
                <Table.Td>{formatNumber(day.tokens)}</Table.Td>
                <Table.Td>{formatNumber(day.subscriptions)}</Table.Td>
                <Table.Td>{formatMoney(day.revenue / 100, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
