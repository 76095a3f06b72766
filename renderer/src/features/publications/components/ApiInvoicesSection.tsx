import { Alert, Anchor, Badge, List, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ColumnHeaders, LoadStatus } from '../../../shared/ui';
import { type ApiInvoice, useMyApiInvoices } from '../api/apiSalesQueries';
import { publicationsStrings as strings } from '../strings';
import { formatCents } from '../utils/format';
import { monthName } from '../utils/months';

const STATUS_COLOURS: Record<ApiInvoice['status'], string> = { draft: 'gray', open: 'yellow', paid: 'green', payment_failed: 'red', void: 'gray' };

/** The newest invoice that could not be charged: while there is one, the buyer's keys are suspended. */
export function useFailedInvoice(): ApiInvoice | null {
  const invoices = useMyApiInvoices();
  return invoices.data?.items.find((invoice) => invoice.status === 'payment_failed') ?? null;
}

/** Says plainly that the keys are suspended, and how to pay: the invoice's page, else the saved cards. */
export function SuspendedKeysAlert({ invoice }: { invoice: ApiInvoice }) {
  return (
    <Alert color="red" variant="light" role="alert" title={strings.invoices.suspendedTitle}>
      <Stack gap={6} align="flex-start">
        <Text size="sm">{strings.invoices.suspended(monthName(invoice.month), formatCents(invoice.total, invoice.currency))}</Text>
        {/* The alert's own colour, underlined: the default link blue is under 4.5:1 on the red alert. */}
        {invoice.hostedInvoiceUrl ? (
          <Anchor href={invoice.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer" size="sm" c="inherit" underline="always">
            {strings.invoices.pay}
          </Anchor>
        ) : (
          <Anchor component={Link} to="/mi-perfil?tab=PAYMENTS" size="sm" c="inherit" underline="always">
            {strings.invoices.checkCards}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

/** 'Mis claves de API' › 'Facturas' (issue 36, item 3): each month's invoice, its state, amount and lines per key. */
export function ApiInvoicesSection() {
  const invoices = useMyApiInvoices();
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Title order={3} fz="lg">
          {strings.invoices.title}
        </Title>
        <Text size="sm" c="dimmed">
          {strings.invoices.intro}
        </Text>
      </Stack>
      {!invoices.data ? (
        <LoadStatus
          error={invoices.isError ? strings.invoices.loadFailed : null}
          loadingText={strings.invoices.loading}
          retryText={strings.myKeys.retry}
          onRetry={() => void invoices.refetch()}
        />
      ) : invoices.data.items.length === 0 ? (
        <Text c="dimmed">{strings.invoices.empty}</Text>
      ) : (
        // Focusable, so that the keyboard can scroll the table sideways on a phone (WCAG 2.1.1).
        <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label={strings.invoices.tableLabel}>
          <Table striped aria-label={strings.invoices.tableLabel}>
            <ColumnHeaders columns={strings.invoices.columns} />
            <Table.Tbody>
              {invoices.data.items.map((invoice) => (
                <InvoiceRow key={invoice.id} invoice={invoice} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function InvoiceRow({ invoice }: { invoice: ApiInvoice }) {
  const month = monthName(invoice.month);
  const money = (cents: number) => formatCents(cents, invoice.currency);
  return (
    <Table.Tr>
      <Table.Th scope="row">{month}</Table.Th>
      <Table.Td>
        {/* Its whole width: a narrow column would cut the state short ('Mes en cu…'). */}
        <Badge color={STATUS_COLOURS[invoice.status]} variant="light" miw="max-content">
          {strings.invoices.status[invoice.status]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <List size="sm" listStyleType="none" spacing={2}>
          {invoice.lines.map((line) => (
            <List.Item key={line.keyId}>{strings.invoices.line(line.keyName, line.agentName, strings.invoices.calls(line.calls), money(line.amount))}</List.Item>
          ))}
        </List>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {money(invoice.total)}
        </Text>
      </Table.Td>
      <Table.Td>
        {invoice.hostedInvoiceUrl ? (
          <Anchor href={invoice.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer" size="sm" aria-label={strings.invoices.viewLabel(month)}>
            {strings.invoices.view}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
