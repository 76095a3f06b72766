import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Box, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { AppButton } from '../../../shared/ui';
import { publicationsStrings as strings } from '../strings';
import type { ApiKey, UsageDay } from '../api/publicationsQueries';
import { seriesColour } from '../utils/chartColours';
import { formatDay, formatNumber } from '../utils/format';

type Metric = 'requests' | 'tokens' | 'errors';

const metricValue = (day: UsageDay, metric: Metric) =>
  metric === 'requests' ? day.requests : metric === 'errors' ? day.errors : day.inputTokens + day.outputTokens;

export interface UsageSectionProps {
  days: UsageDay[] | null;
  error: string | null;
  /** The listed keys, to name each series; a revoked key keeps its figures under a short id. */
  keys: ApiKey[];
  onRetry(): void;
}

/** Calls per day and per key: a stacked bar chart and, with the same figures, a table. */
export function UsageSection({ days, error, keys, onRetry }: UsageSectionProps) {
  const [metric, setMetric] = useState<Metric>('requests');
  const keyName = useMemo(() => {
    const names = new Map(keys.map((key) => [key.keyId, key.name]));
    return (keyId: string) => names.get(keyId) ?? strings.usage.revokedKey(keyId);
  }, [keys]);

  const sorted = useMemo(
    () => [...(days ?? [])].sort((a, b) => a.date.localeCompare(b.date) || keyName(a.keyId).localeCompare(keyName(b.keyId))),
    [days, keyName],
  );

  const { data, series } = useMemo(() => {
    const seriesNames = [...new Set(sorted.map((day) => keyName(day.keyId)))];
    const byDate = new Map<string, Record<string, string | number>>();
    for (const day of sorted) {
      const row = byDate.get(day.date) ?? { date: formatDay(day.date) };
      const name = keyName(day.keyId);
      row[name] = (Number(row[name]) || 0) + metricValue(day, metric);
      byDate.set(day.date, row);
    }
    return {
      data: [...byDate.values()],
      series: seriesNames.map((name, index) => ({ name, color: seriesColour(index) })),
    };
  }, [sorted, keyName, metric]);

  const metricLabel = strings.usage.metrics[metric];

  return (
    <Stack gap="sm">
      <Title order={3}>{strings.usage.title}</Title>
      <Text size="sm" c="dimmed">
        {strings.usage.intro}
      </Text>
      {error ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error}</Text>
            <AppButton size="xs" variant="outline" onClick={onRetry}>
              {strings.retry}
            </AppButton>
          </Stack>
        </Alert>
      ) : days === null ? (
        <Text size="sm" role="status">
          {strings.loading}
        </Text>
      ) : sorted.length === 0 ? (
        <Text>{strings.usage.empty}</Text>
      ) : (
        <>
          <SegmentedControl
            aria-label={strings.usage.metricLabel}
            value={metric}
            onChange={(value) => setMetric(value as Metric)}
            data={(['requests', 'tokens', 'errors'] as const).map((value) => ({ value, label: strings.usage.metrics[value] }))}
            w="fit-content"
          />
          {/* A figure, not role="img": the chart's keyboard layer must stay reachable inside it. */}
          <Box component="figure" m={0} aria-labelledby="publication-usage-caption">
            <BarChart
              h={260}
              data={data}
              dataKey="date"
              type="stacked"
              series={series}
              withLegend
              tickLine="y"
              valueFormatter={formatNumber}
            />
            <Text component="figcaption" id="publication-usage-caption" size="xs" c="dimmed" mt={4}>
              {strings.usage.chartLabel(metricLabel)}
            </Text>
          </Box>
          {/* Focusable, so that the keyboard can scroll the table sideways on a phone (WCAG 2.1.1). */}
          <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label={strings.usage.tableLabel}>
            <Table striped aria-label={strings.usage.tableLabel}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{strings.usage.columns.date}</Table.Th>
                  <Table.Th scope="col">{strings.usage.columns.key}</Table.Th>
                  <Table.Th scope="col">{strings.usage.columns.requests}</Table.Th>
                  <Table.Th scope="col">{strings.usage.columns.errors}</Table.Th>
                  <Table.Th scope="col">{strings.usage.columns.inputTokens}</Table.Th>
                  <Table.Th scope="col">{strings.usage.columns.outputTokens}</Table.Th>
                  <Table.Th scope="col">{strings.usage.columns.avgLatency}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sorted.map((day) => (
                  <Table.Tr key={`${day.date}:${day.keyId}`}>
                    <Table.Td>{formatDay(day.date)}</Table.Td>
                    <Table.Td>{keyName(day.keyId)}</Table.Td>
                    <Table.Td>{formatNumber(day.requests)}</Table.Td>
                    <Table.Td>{formatNumber(day.errors)}</Table.Td>
                    <Table.Td>{formatNumber(day.inputTokens)}</Table.Td>
                    <Table.Td>{formatNumber(day.outputTokens)}</Table.Td>
                    <Table.Td>{strings.usage.latency(day.avgLatencyMs)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
