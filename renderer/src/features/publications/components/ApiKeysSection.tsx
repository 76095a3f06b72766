import { Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AppButton, AppModal } from '../../../shared/ui';
import { publicationsStrings as strings } from '../strings';
import type { ApiKey, NewApiKey } from '../api/publicationsQueries';
import { formatDateTime, formatLimits } from '../utils/format';
import { CreateKeyForm } from './CreateKeyForm';

export interface ApiKeysSectionProps {
  keys: ApiKey[];
  busy: boolean;
  onCreate(key: NewApiKey): Promise<boolean>;
  /** Resolves true once the key is revoked. */
  onRevoke(key: ApiKey): Promise<boolean>;
}

/** The publication's keys (never their secrets), a form for a new one and revoking with confirmation. */
export function ApiKeysSection({ keys, busy, onCreate, onRevoke }: ApiKeysSectionProps) {
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState(false);

  const revoke = async () => {
    if (!toRevoke) return;
    setRevoking(true);
    try {
      await onRevoke(toRevoke);
    } finally {
      setRevoking(false);
      setToRevoke(null);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={3}>{strings.keys.title}</Title>
      <Text size="sm" c="dimmed">
        {strings.keys.intro}
      </Text>
      {keys.length === 0 ? (
        <Text>{strings.keys.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label={strings.keys.tableLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{strings.keys.columns.name}</Table.Th>
                <Table.Th scope="col">{strings.keys.columns.prefix}</Table.Th>
                <Table.Th scope="col">{strings.keys.columns.limits}</Table.Th>
                <Table.Th scope="col">{strings.keys.columns.createdAt}</Table.Th>
                <Table.Th scope="col">{strings.keys.columns.lastUsedAt}</Table.Th>
                <Table.Th scope="col">{strings.keys.columns.expiresAt}</Table.Th>
                <Table.Th scope="col">{strings.keys.columns.confirmedTools}</Table.Th>
                <Table.Th scope="col">{strings.keys.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((key) => (
                <Table.Tr key={key.keyId}>
                  <Table.Td>{key.name}</Table.Td>
                  <Table.Td>
                    <Code>{`${key.prefix}…`}</Code>
                  </Table.Td>
                  <Table.Td>{formatLimits(key)}</Table.Td>
                  <Table.Td>{formatDateTime(key.createdAt, '')}</Table.Td>
                  <Table.Td>{formatDateTime(key.lastUsedAt, strings.keys.never)}</Table.Td>
                  <Table.Td>{formatDateTime(key.expiresAt, strings.keys.noExpiry)}</Table.Td>
                  <Table.Td>{key.allowConfirmedTools ? strings.keys.confirmedToolsAllowed : strings.keys.confirmedToolsRefused}</Table.Td>
                  <Table.Td>
                    <AppButton size="xs" variant="danger" onClick={() => setToRevoke(key)} aria-label={strings.keys.revokeLabel(key.name)} disabled={busy}>
                      {strings.keys.revoke}
                    </AppButton>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <CreateKeyForm onCreate={onCreate} />

      <AppModal opened={toRevoke !== null} onClose={() => !revoking && setToRevoke(null)} title={strings.keys.revokeTitle}>
        <Stack gap="md">
          <Text>{strings.keys.revokeConfirm(toRevoke?.name ?? '')}</Text>
          <Group justify="flex-end" gap="sm">
            <AppButton variant="outline" onClick={() => setToRevoke(null)} disabled={revoking}>
              {strings.status.cancel}
            </AppButton>
            <AppButton variant="danger" onClick={() => void revoke()} disabled={revoking}>
              {revoking ? strings.keys.revoking : strings.keys.revokeAction}
            </AppButton>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}
