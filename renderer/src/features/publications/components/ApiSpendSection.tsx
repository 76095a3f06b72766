import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Group, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ColumnHeaders, LoadStatus } from '../../../shared/ui';
import { type BuyerKey, type BuyerUsageDay, useMyApiUsage } from '../api/apiSalesQueries';
import { publicationsStrings as strings } from '../strings';
import { seriesColour } from '../utils/chartColours';
import { formatCents, formatDay, formatNumber } from '../utils/format';
import { capitalisedMonthName, currentMonth, monthDays, monthName, recentMonths } from '../utils/months';

const MONTHS_TO_CHOOSE = 12;
const CHART_ID = 'api-spend-caption';

/** '28 nov': the month is in the caption. */
const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('es-ES', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Every day of `month` up to today, so that the bars stand on a calendar and a quiet day shows as one. */
function daysOf(month: string, today = new Date().toISOString().slice(0, 10)): string[] {
  const { from, to } = monthDays(month);
  const last = to < today ? to : today;
  const days: string[] = [];
  for (let day = from; day <= last; day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) days.push(day);
  return days;
}

/**
 * 'Mis claves de API' › 'Gasto por día' (issue 36, item 3): what each bought key spent per day of a
 * chosen month, as stacked bars, with the same figures in a table for screen readers.
 */
export function ApiSpendSection({ keys }: { keys: BuyerKey[] }) {
  const [month, setMonth] = useState(currentMonth);
  const usage = useMyApiUsage(month);
  const options = useMemo(() => recentMonths(MONTHS_TO_CHOOSE).map((value) => ({ value, label: capitalisedMonthName(value) })), []);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={3} fz="lg">
          {strings.spend.title}
        </Title>
        <Select
          label={strings.spend.monthLabel}
          data={options}
          value={month}
          onChange={(value) => value && setMonth(value)}
          allowDeselect={false}
          w={220}
        />
      </Group>
      {!usage.data ? (
        <LoadStatus
          error={usage.isError ? strings.spend.loadFailed : null}
          loadingText={strings.spend.loading}
          retryText={strings.myKeys.retry}
          onRetry={() => void usage.refetch()}
        />
      ) : (
        <SpendChart month={month} days={usage.data.days} currency={usage.data.currency} keys={keys} />
      )}
    </Stack>
  );
}

function SpendChart({ month, days, currency, keys }: { month: string; days: BuyerUsageDay[]; currency: string; keys: BuyerKey[] }) {
  const { data, series, rows, total } = useMemo(() => {
    const listed = new Map(keys.map((key) => [key.keyId, key]));
    const keyName = (keyId: string) => listed.get(keyId)?.name ?? strings.myKeys.deletedKey(keyId);
    const spent = days.filter((day) => day.requests > 0 || day.spend > 0);
    const keyIds = [...new Set(spent.map((day) => day.keyId))];
    const byDate = new Map(daysOf(month).map((date) => [date, { date: shortDay(date) } as Record<string, string | number>]));
    for (const day of spent) {
      const row = byDate.get(day.date) ?? { date: shortDay(day.date) };
      row[day.keyId] = (Number(row[day.keyId]) || 0) + day.spend;
      byDate.set(day.date, row);
    }
    return {
      data: [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row),
      series: keyIds.map((keyId, index) => ({ name: keyId, label: keyName(keyId), color: seriesColour(index) })),
      rows: spent.map((day) => ({ ...day, keyName: keyName(day.keyId), agentName: listed.get(day.keyId)?.agentName ?? '—' })),
      total: spent.reduce((sum, day) => sum + day.spend, 0),
    };
  }, [month, days, keys]);

  const name = monthName(month);
  if (rows.length === 0) {
    return <Text c="dimmed">{month === currentMonth() ? strings.spend.emptyThisMonth : strings.spend.empty(name)}</Text>;
  }
  const money = (cents: number) => formatCents(cents, currency);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} data-testid="api-spend-total">
        {strings.spend.total(name, money(total))}
      </Text>
      {/* A figure, not role="img": the chart's keyboard layer must stay reachable inside it. */}
      <Box component="figure" m={0} aria-labelledby={CHART_ID}>
        <BarChart h={240} data={data} dataKey="date" type="stacked" series={series} withLegend tickLine="y" valueFormatter={money} />
        <Text component="figcaption" id={CHART_ID} size="xs" c="dimmed" mt={4}>
          {strings.spend.chart(name)}
        </Text>
      </Box>
      <VisuallyHidden>
        <Table aria-label={strings.spend.tableLabel(name)}>
          <ColumnHeaders columns={strings.spend.columns} />
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.date}:${row.keyId}`}>
                <Table.Td>{formatDay(row.date)}</Table.Td>
                <Table.Td>{row.keyName}</Table.Td>
                <Table.Td>{row.agentName}</Table.Td>
                <Table.Td>{formatNumber(row.requests)}</Table.Td>
                <Table.Td>{formatNumber(row.inputTokens)}</Table.Td>
                <Table.Td>{formatNumber(row.outputTokens)}</Table.Td>
                <Table.Td>{money(row.spend)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}
