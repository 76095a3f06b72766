import { Alert, Badge, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AppButton, AppModal, LoadStatus, useToast } from '../../../shared/ui';
import { isFewerTestsWarning, useDeletePromptVersion, usePromptVersions, useSetCurrentVersion, type PromptVersion } from '../api/promptsQueries';
import { promptsStrings as strings } from '../strings';
import { errorText, formatDate, loadFailure } from '../utils/format';
import { DiffView } from './DiffView';
import { NewVersionEditor } from './NewVersionEditor';

export interface PromptVersionsPanelProps {
  agentId: string;
}

/**
 * The versions of an agent's prompt: the list with the current one marked, any two side by side
 * as a line diff, switching the current one (warned by the last test run) and deleting the others,
 * and writing a new version (with 'Mejorar con IA').
 */
export function PromptVersionsPanel({ agentId }: PromptVersionsPanelProps) {
  const toast = useToast();
  const versionsQuery = usePromptVersions(agentId);
  const setCurrentVersion = useSetCurrentVersion();
  const deleteVersion = useDeletePromptVersion();
  const [left, setLeft] = useState<string | null>(null);
  const [right, setRight] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<PromptVersion | null>(null);
  const [warning, setWarning] = useState<{ version: number; message: string } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const versions = versionsQuery.data;
  const loadError = loadFailure(versionsQuery, strings.loadVersionsError);
  const retry = () => void versionsQuery.refetch();

  // Newest against the one before it, unless the user already picked two that still exist.
  if (versions) {
    const exists = (value: string | null) => value !== null && versions.some((version) => String(version.version) === value);
    const defaultLeft = versions[1] ? String(versions[1].version) : null;
    const defaultRight = versions[0] ? String(versions[0].version) : null;
    if (!exists(left) && left !== defaultLeft) setLeft(defaultLeft);
    if (!exists(right) && right !== defaultRight) setRight(defaultRight);
  }

  const busyVersion = setCurrentVersion.isPending
    ? setCurrentVersion.variables.version
    : deleteVersion.isPending
      ? deleteVersion.variables.version
      : null;

  const setCurrent = async (version: number, force = false) => {
    setActionError(null);
    try {
      await setCurrentVersion.mutateAsync({ agentId, version, force });
      toast.success(strings.setCurrentDone(version));
    } catch (error) {
      if (isFewerTestsWarning(error)) setWarning({ version, message: errorText(error) });
      else setActionError(errorText(error));
    }
  };

  const remove = async (version: PromptVersion) => {
    setActionError(null);
    try {
      await deleteVersion.mutateAsync({ agentId, version: version.version });
      toast.success(strings.deleteDone(version.version));
    } catch (error) {
      setActionError(errorText(error));
    }
  };

  if (!versions) {
    return (
      <Stack>
        <Title order={2}>{strings.versionsTitle}</Title>
        <LoadStatus error={loadError} loadingText={strings.loading} retryText={strings.retry} onRetry={retry} />
      </Stack>
    );
  }

  const current = versions.find((version) => version.isCurrentVersion) ?? null;
  const byNumber = (value: string | null) => versions.find((version) => String(version.version) === value);
  const leftVersion = byNumber(left);
  const rightVersion = byNumber(right);
  const options = versions.map((version) => ({ value: String(version.version), label: `${strings.versionLabel(version.version)} · ${version.name}` }));

  return (
    <Stack gap="lg">
      <Title order={2}>{strings.versionsTitle}</Title>
      {loadError && <LoadStatus error={loadError} loadingText={strings.loading} retryText={strings.retry} onRetry={retry} />}
      {actionError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}
      {versions.length === 0 ? (
        <Text>{strings.noVersions}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label={strings.versionsTitle}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{strings.columns.version}</Table.Th>
                <Table.Th scope="col">{strings.columns.name}</Table.Th>
                <Table.Th scope="col">{strings.columns.description}</Table.Th>
                <Table.Th scope="col">{strings.columns.date}</Table.Th>
                <Table.Th scope="col">{strings.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.map((version) => (
                <Table.Tr key={version.version}>
                  <Table.Td miw="6.5rem">
                    <Group gap="xs" wrap="nowrap">
                      <Text>{version.version}</Text>
                      {version.isCurrentVersion && (
                        <Badge color="green" variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
                          {strings.currentBadge}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{version.name}</Table.Td>
                  <Table.Td>{version.description}</Table.Td>
                  <Table.Td>
                    <time dateTime={version.createdAt}>{formatDate(version.createdAt)}</time>
                  </Table.Td>
                  <Table.Td>
                    {!version.isCurrentVersion && (
                      <Group gap="xs" wrap="nowrap">
                        <AppButton
                          size="xs"
                          aria-label={strings.setCurrentAria(version.version)}
                          loading={busyVersion === version.version}
                          disabled={busyVersion !== null}
                          onClick={() => void setCurrent(version.version)}
                        >
                          {strings.setCurrent}
                        </AppButton>
                        <AppButton
                          size="xs"
                          variant="danger"
                          aria-label={strings.deleteVersionAria(version.version)}
                          disabled={busyVersion !== null}
                          onClick={() => setToDelete(version)}
                        >
                          {strings.deleteVersion}
                        </AppButton>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {versions.length >= 2 && (
        <Stack gap="sm">
          <Title order={3}>{strings.compareTitle}</Title>
          <Text c="dimmed" size="sm">
            {strings.compareHint}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={strings.compareLeft} data={options} value={left} onChange={setLeft} allowDeselect={false} />
            <Select label={strings.compareRight} data={options} value={right} onChange={setRight} allowDeselect={false} />
          </SimpleGrid>
          {leftVersion && rightVersion && (
            <DiffView
              left={leftVersion.prompt}
              right={rightVersion.prompt}
              leftTitle={`${strings.versionLabel(leftVersion.version)} · ${leftVersion.name}`}
              rightTitle={`${strings.versionLabel(rightVersion.version)} · ${rightVersion.name}`}
              caption={strings.diffCaption(leftVersion.version, rightVersion.version)}
            />
          )}
        </Stack>
      )}

      <NewVersionEditor key={current?.version ?? 0} agentId={agentId} current={current} />

      <AppModal opened={toDelete !== null} onClose={() => setToDelete(null)} title={strings.deleteConfirmTitle}>
        {toDelete && (
          <Stack>
            <Text>{strings.deleteConfirm(toDelete.version, toDelete.name)}</Text>
            <Group justify="flex-end">
              <AppButton variant="outline" onClick={() => setToDelete(null)}>
                {strings.cancel}
              </AppButton>
              <AppButton
                variant="danger"
                onClick={() => {
                  const version = toDelete;
                  setToDelete(null);
                  void remove(version);
                }}
              >
                {strings.confirmDelete}
              </AppButton>
            </Group>
          </Stack>
        )}
      </AppModal>

      <AppModal opened={warning !== null} onClose={() => setWarning(null)} title={strings.fewerTestsTitle}>
        {warning && (
          <Stack>
            <Text role="alert">{warning.message}</Text>
            <Text>{strings.fewerTestsQuestion}</Text>
            <Group justify="flex-end">
              <AppButton variant="outline" onClick={() => setWarning(null)}>
                {strings.cancel}
              </AppButton>
              <AppButton
                variant="warning"
                onClick={() => {
                  const { version } = warning;
                  setWarning(null);
                  void setCurrent(version, true);
                }}
              >
                {strings.setAnyway}
              </AppButton>
            </Group>
          </Stack>
        )}
      </AppModal>
    </Stack>
  );
}
