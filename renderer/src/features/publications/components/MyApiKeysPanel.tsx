import { Alert, Anchor, Group, NumberInput, Paper, Progress, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { AppButton, LoadStatus, useToast } from '../../../shared/ui';
import { type BuyerKey, useCreateMyApiKey, useDeleteMyApiKey, useMyApiKeys } from '../api/apiSalesQueries';
import { publicationsStrings as strings } from '../strings';
import { formatCents, formatDateTime } from '../utils/format';
import { ApiInvoicesSection, SuspendedKeysAlert, useFailedInvoice } from './ApiInvoicesSection';
import { ApiSpendSection } from './ApiSpendSection';
import { SecretModal } from './SecretModal';

const CARD_REQUIRED_STATUS = 402;

export interface MyApiKeysPanelProps {
  /** The agent to create a key for, when the marketplace's 'API disponible' sent the user here. */
  agentId?: string | null;
}

/** 'Mi perfil' › 'Mis claves de API' (issue 36): the user's keys for other creators' APIs, with this month's spend. */
export function MyApiKeysPanel({ agentId = null }: MyApiKeysPanelProps) {
  const keys = useMyApiKeys();
  const failedInvoice = useFailedInvoice();
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz="xl">
          {strings.myKeys.title}
        </Title>
        <Text size="sm" c="dimmed">
          {strings.myKeys.intro}
        </Text>
      </Stack>
      {failedInvoice && <SuspendedKeysAlert invoice={failedInvoice} />}
      <CreateForm initialAgentId={agentId ?? ''} onCreated={setSecret} />
      {!keys.data ? (
        <LoadStatus error={keys.isError ? strings.myKeys.loadFailed : null} loadingText={strings.myKeys.loading} retryText={strings.myKeys.retry} onRetry={() => void keys.refetch()} />
      ) : (
        <>
          <KeysTable keys={keys.data} />
          <ApiSpendSection keys={keys.data} />
        </>
      )}
      <ApiInvoicesSection />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}

function KeysTable({ keys }: { keys: BuyerKey[] }) {
  const toast = useToast();
  const remove = useDeleteMyApiKey();
  return keys.length === 0 ? (
    <Text c="dimmed">{strings.myKeys.empty}</Text>
  ) : (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={strings.myKeys.tableLabel} striped>
        <Table.Thead>
          <Table.Tr>
            {Object.values(strings.myKeys.columns).map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.keyId}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {key.name}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {key.prefix}…
                </Text>
              </Table.Td>
              <Table.Td>{key.agentName}</Table.Td>
              <Table.Td>
                <Text size="sm" data-testid="api-key-spent">
                  {formatCents(key.spentThisMonth, key.currency)}
                </Text>
                {key.monthlySpendCap !== null && <CapUsed spent={key.spentThisMonth} cap={key.monthlySpendCap} />}
              </Table.Td>
              <Table.Td>{key.monthlySpendCap === null ? strings.myKeys.noCap : formatCents(key.monthlySpendCap, key.currency)}</Table.Td>
              <Table.Td>{formatDateTime(key.createdAt, '—')}</Table.Td>
              <Table.Td>
                <AppButton
                  size="xs"
                  variant="outline"
                  color="red"
                  aria-label={strings.myKeys.deleteLabel(key.name)}
                  loading={remove.isPending && remove.variables === key.keyId}
                  onClick={() =>
                    remove.mutate(key.keyId, {
                      onSuccess: () => toast.success(strings.myKeys.deleted),
                      onError: (failure) => toast.error(isApiError(failure) && failure.message ? failure.message : strings.myKeys.deleteFailed),
                    })
                  }
                >
                  {strings.myKeys.delete}
                </AppButton>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** This month's spend against the key's cap: red once the cap refuses calls. */
function CapUsed({ spent, cap }: { spent: number; cap: number }) {
  const percent = cap > 0 ? Math.min(100, Math.round((spent / cap) * 100)) : 100;
  const label = strings.myKeys.capUsed(percent);
  return <Progress value={percent} color={percent >= 100 ? 'red' : 'indigo'} size="sm" mt={4} maw={140} aria-label={label} title={label} />;
}

function CreateForm({ initialAgentId, onCreated }: { initialAgentId: string; onCreated(secret: { name: string; value: string }): void }) {
  const create = useCreateMyApiKey();
  const [agentId, setAgentId] = useState(initialAgentId);
  const [name, setName] = useState('');
  const [cap, setCap] = useState<number | string>('');
  const [error, setError] = useState<{ text: string; needsCard: boolean } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!agentId.trim() || !name.trim()) {
      setError({ text: strings.myKeys.required, needsCard: false });
      return;
    }
    setError(null);
    const monthlySpendCap = cap === '' ? null : Math.round(Number(cap) * 100);
    create.mutate(
      { agentId: agentId.trim(), name: name.trim(), monthlySpendCap },
      {
        onSuccess: (created) => {
          setName('');
          setCap('');
          onCreated({ name: created.name, value: created.secret });
        },
        onError: (failure) =>
          setError({
            text: isApiError(failure) && failure.message ? failure.message : strings.errors.createKey,
            needsCard: isApiError(failure) && failure.status === CARD_REQUIRED_STATUS,
          }),
      },
    );
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} fz="lg">
            {strings.myKeys.createTitle}
          </Title>
          <TextInput label={strings.myKeys.agentId} description={strings.myKeys.agentIdHint} value={agentId} onChange={(event) => setAgentId(event.currentTarget.value)} required />
          <Group gap="md" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
            <TextInput label={strings.myKeys.name} value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={120} required miw={200} />
            <NumberInput
              label={strings.myKeys.cap}
              description={strings.myKeys.capHint}
              value={cap}
              onChange={setCap}
              min={0}
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator="."
              miw={200}
            />
          </Group>
          {error && (
            <Alert color="red" role="alert">
              <Stack gap={6} align="flex-start">
                <Text size="sm">{error.text}</Text>
                {error.needsCard && (
                  // The alert's own colour, underlined: the default link blue is under 4.5:1 on the dark red alert.
                  <Anchor component={Link} to="/mi-perfil?tab=PAYMENTS" size="sm" c="inherit" underline="always">
                    {strings.myKeys.addCard}
                  </Anchor>
                )}
              </Stack>
            </Alert>
          )}
          <Group>
            <AppButton type="submit" loading={create.isPending}>
              {strings.myKeys.create}
            </AppButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
