import { Stack, Table, Text, Title } from '@mantine/core';
import { useApiBuyers } from '../api/apiSalesQueries';
import { publicationsStrings as strings } from '../strings';
import { formatCents, formatNumber } from '../utils/format';
import { BuyersRevenueChart } from './BuyersRevenueChart';

/** The creator's view of who uses their API this month and what it earns (issue 36); never the buyers' keys. */
export function BuyersSection({ publicationId }: { publicationId: string }) {
  const buyers = useApiBuyers(publicationId);
  const data = buyers.data;
  return (
    <Stack gap="sm">
      <Title order={3} fz="lg">
        {strings.sales.buyersTitle}
      </Title>
      {/* Not an alert: the panel's own load errors are the ones to announce. */}
      {buyers.isError && (
        <Text size="sm" c="dimmed">
          {strings.sales.buyersFailed}
        </Text>
      )}
      {data &&
        (data.buyers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {strings.sales.buyersEmpty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={strings.sales.buyersTable}>
            <Table aria-label={strings.sales.buyersTable} striped>
              <Table.Thead>
                <Table.Tr>
                  {Object.values(strings.sales.buyersColumns).map((column) => (
                    <Table.Th key={column}>{column}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.buyers.map((buyer) => (
                  <Table.Tr key={buyer.buyerSub}>
                    <Table.Td>{buyer.username}</Table.Td>
                    <Table.Td>{formatNumber(buyer.requests)}</Table.Td>
                    <Table.Td>{`${formatNumber(buyer.inputTokens)} / ${formatNumber(buyer.outputTokens)}`}</Table.Td>
                    <Table.Td>{formatCents(buyer.revenue, data.currency)}</Table.Td>
                    <Table.Td>{formatCents(buyer.creatorShare, data.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      <BuyersRevenueChart publicationId={publicationId} />
    </Stack>
  );
}
