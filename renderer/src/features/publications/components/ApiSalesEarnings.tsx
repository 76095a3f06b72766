import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { ColumnHeaders, LoadStatus } from '../../../shared/ui';
import { useBuyersOfEach } from '../api/apiSalesQueries';
import { useMyPublications } from '../api/publicationsQueries';
import { publicationsStrings as strings } from '../strings';
import { formatCents, formatNumber } from '../utils/format';

/**
 * 'Mis ingresos' › 'Ventas de tu API este mes' (issue 36): for each of the creator's published
 * agents, what each buyer's keys used and spent this month and the creator's share; never the
 * buyers' keys. Nothing for a creator who has published no API.
 */
export function ApiSalesEarnings() {
  const publications = useMyPublications();
  const apiIds = useMemo(() => (publications.data ?? []).map((publication) => publication.id), [publications.data]);
  const names = useMemo(() => new Map((publications.data ?? []).map((publication) => [publication.id, publication.name])), [publications.data]);
  const buyers = useBuyersOfEach(apiIds);

  if (publications.data?.length === 0) return null;
  const sales = publications.data ? buyers.sales : null;
  // The server lists every buyer holding a key, also one who has not called this month.
  const rows = (sales ?? []).flatMap((sale) =>
    sale.buyers.filter((buyer) => buyer.requests > 0 || buyer.revenue > 0).map((buyer) => ({ ...buyer, apiId: sale.apiId, agentName: names.get(sale.apiId) ?? '' })),
  );
  const currency = sales?.[0]?.currency ?? 'eur';
  const money = (cents: number) => formatCents(cents, currency);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {strings.earnings.title}
        </Title>
        <Text size="sm" c="dimmed">
          {strings.earnings.lead}
        </Text>
        {!sales ? (
          <LoadStatus
            error={publications.isError || buyers.failed ? strings.earnings.loadFailed : null}
            loadingText={strings.earnings.loading}
            retryText={strings.retry}
            onRetry={() => (publications.isError ? void publications.refetch() : buyers.retry())}
          />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {strings.earnings.empty}
          </Text>
        ) : (
          // Focusable, so that the keyboard can scroll the table sideways on a phone (WCAG 2.1.1).
          <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label={strings.earnings.tableLabel}>
            <Table striped aria-label={strings.earnings.tableLabel}>
              <ColumnHeaders columns={strings.earnings.columns} />
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={`${row.apiId}:${row.buyerSub}`}>
                    <Table.Td>{row.agentName}</Table.Td>
                    <Table.Td>{row.username}</Table.Td>
                    <Table.Td>{formatNumber(row.requests)}</Table.Td>
                    <Table.Td>{`${formatNumber(row.inputTokens)} / ${formatNumber(row.outputTokens)}`}</Table.Td>
                    <Table.Td>{money(row.revenue)}</Table.Td>
                    <Table.Td>{money(row.creatorShare)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row" colSpan={4}>
                    {strings.earnings.total}
                  </Table.Th>
                  <Table.Td>{money(rows.reduce((sum, row) => sum + row.revenue, 0))}</Table.Td>
                  <Table.Td data-testid="api-sales-share-total">{money(rows.reduce((sum, row) => sum + row.creatorShare, 0))}</Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
