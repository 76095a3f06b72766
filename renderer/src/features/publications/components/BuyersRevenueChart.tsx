import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { type ApiBuyers, useApiBuyersByMonth } from '../api/apiSalesQueries';
import { publicationsStrings as strings } from '../strings';
import { seriesColour } from '../utils/chartColours';
import { formatCents, formatNumber } from '../utils/format';
import { monthName, recentMonths } from '../utils/months';
import { ColumnHeaders } from '../../../shared/ui';

const MONTHS_SHOWN = 6;
const CHART_ID = 'api-buyers-revenue-caption';

/** 'nov 2026' under a bar. */
const shortMonth = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('es-ES', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * The creator's revenue from each buyer of their API over the last months (issue 36, item 3), as
 * stacked bars, with the same figures in a table for screen readers; never the buyers' keys.
 */
export function BuyersRevenueChart({ publicationId }: { publicationId: string }) {
  const months = useMemo(() => recentMonths(MONTHS_SHOWN).reverse(), []);
  const { months: sales, failed } = useApiBuyersByMonth(publicationId, months);

  return (
    <Stack gap="sm">
      <Title order={3} fz="lg">
        {strings.sales.revenueTitle}
      </Title>
      {/* Not an alert: the panel's own load errors are the ones to announce. */}
      {failed && (
        <Text size="sm" c="dimmed">
          {strings.sales.revenueFailed}
        </Text>
      )}
      {sales && <RevenueBars sales={sales} />}
    </Stack>
  );
}

function RevenueBars({ sales }: { sales: ApiBuyers[] }) {
  const { data, series, rows } = useMemo(() => {
    // The server lists every buyer holding a key, also in months they did not call.
    const used = sales.map((month) => ({ ...month, buyers: month.buyers.filter((buyer) => buyer.requests > 0 || buyer.revenue > 0) }));
    const buyers = new Map<string, string>();
    for (const month of used) for (const buyer of month.buyers) buyers.set(buyer.buyerSub, buyer.username);
    return {
      data: used.map((month) => Object.fromEntries([['month', shortMonth(month.month)], ...month.buyers.map((buyer) => [buyer.buyerSub, buyer.revenue])])),
      series: [...buyers].map(([buyerSub, username], index) => ({ name: buyerSub, label: username, color: seriesColour(index) })),
      rows: used.flatMap((month) => month.buyers.map((buyer) => ({ ...buyer, month: month.month }))),
    };
  }, [sales]);

  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {strings.sales.revenueEmpty}
      </Text>
    );
  }
  const currency = sales[0].currency;
  const money = (cents: number) => formatCents(cents, currency);
  return (
    <>
      {/* A figure, not role="img": the chart's keyboard layer must stay reachable inside it. */}
      <Box component="figure" m={0} aria-labelledby={CHART_ID}>
        <BarChart h={220} data={data} dataKey="month" type="stacked" series={series} withLegend tickLine="y" valueFormatter={money} />
        <Text component="figcaption" id={CHART_ID} size="xs" c="dimmed" mt={4}>
          {strings.sales.revenueChart(monthName(sales[0].month), monthName(sales[sales.length - 1].month))}
        </Text>
      </Box>
      <VisuallyHidden>
        <Table aria-label={strings.sales.revenueTable}>
          <ColumnHeaders columns={strings.sales.revenueColumns} />
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.month}:${row.buyerSub}`}>
                <Table.Td>{monthName(row.month)}</Table.Td>
                <Table.Td>{row.username}</Table.Td>
                <Table.Td>{formatNumber(row.requests)}</Table.Td>
                <Table.Td>{money(row.revenue)}</Table.Td>
                <Table.Td>{money(row.creatorShare)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
