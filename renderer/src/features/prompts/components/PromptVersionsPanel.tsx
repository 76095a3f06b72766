import { Alert, Badge, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import { isFewerTestsWarning, promptsApi } from '../api/promptsApi';
import { promptsStrings as strings } from '../strings';
import type { PromptVersion } from '../types';
import { errorText, formatDate } from '../utils/format';
import { DiffView } from './DiffView';
import { NewVersionEditor } from './NewVersionEditor';
import { PanelLoadState } from './PanelLoadState';

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
  const [versions, setVersions] = useState<PromptVersion[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [left, setLeft] = useState<string | null>(null);
  const [right, setRight] = useState<string | null>(null);
  const [busyVersion, setBusyVersion] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<PromptVersion | null>(null);
  const [warning, setWarning] = useState<{ version: number; message: string } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setLoadError(null);
      try {
        const loaded = await promptsApi.versions(agentId, signal);
        setVersions(loaded);
        // Newest against the one before it, unless the user already picked two that still exist.
        const exists = (value: string | null) => value !== null && loaded.some((version) => String(version.version) === value);
        setLeft((value) => (exists(value) ? value : loaded[1] ? String(loaded[1].version) : null));
        setRight((value) => (exists(value) ? value : loaded[0] ? String(loaded[0].version) : null));
      } catch (error) {
        if (signal?.aborted) return;
        setLoadError(`${strings.loadVersionsError} ${errorText(error)}`);
      }
    },
    [agentId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const setCurrent = async (version: number, force = false) => {
    setActionError(null);
    setBusyVersion(version);
    try {
      await promptsApi.setCurrent(agentId, version, force);
      toast.success(strings.setCurrentDone(version));
      await load();
    } catch (error) {
      if (isFewerTestsWarning(error)) setWarning({ version, message: errorText(error) });
      else setActionError(errorText(error));
    } finally {
      setBusyVersion(null);
    }
  };

  const remove = async (version: PromptVersion) => {
    setActionError(null);
    setBusyVersion(version.version);
    try {
      await promptsApi.deleteVersion(agentId, version.version);
      toast.success(strings.deleteDone(version.version));
      await load();
    } catch (error) {
      setActionError(errorText(error));
    } finally {
      setBusyVersion(null);
    }
  };

  if (versions === null) return <PanelLoadState title={strings.versionsTitle} error={loadError} onRetry={() => void load()} />;

  const current = versions.find((version) => version.isCurrentVersion) ?? null;
  const byNumber = (value: string | null) => versions.find((version) => String(version.version) === value);
  const leftVersion = byNumber(left);
  const rightVersion = byNumber(right);
  const options = versions.map((version) => ({ value: String(version.version), label: `${strings.versionLabel(version.version)} · ${version.name}` }));

  return (
    <Stack gap="lg">
      <Title order={2}>{strings.versionsTitle}</Title>
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

      <NewVersionEditor key={current?.version ?? 0} agentId={agentId} current={current} onSaved={() => void load()} />

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
