import { Alert, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { AppButton } from '../../../shared/ui';
import { promptsApi } from '../api/promptsApi';
import { promptsStrings as strings } from '../strings';
import type { PromptVersion, TestCase, TestRun } from '../types';
import { errorText } from '../utils/format';
import { TestCaseForm } from './TestCaseForm';
import { TestRunResults } from './TestRunResults';
import { PanelLoadState } from './PanelLoadState';
import './prompts.css';

export interface PromptTestCasesPanelProps {
  agentId: string;
}

/** The server's limit, shown before the user hits it. */
const MAX_TEST_CASES = 20;

/**
 * An agent's test questions and 'Probar versión': every case asked of a candidate version and of
 * the current one, side by side, with pass or fail per case.
 */
export function PromptTestCasesPanel({ agentId }: PromptTestCasesPanelProps) {
  const [cases, setCases] = useState<TestCase[] | null>(null);
  const [versions, setVersions] = useState<PromptVersion[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [candidate, setCandidate] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [run, setRun] = useState<TestRun | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setLoadError(null);
      try {
        const [loadedCases, loadedVersions] = await Promise.all([promptsApi.testCases(agentId, signal), promptsApi.versions(agentId, signal)]);
        setCases(loadedCases);
        setVersions(loadedVersions);
        setCandidate((value) =>
          value && loadedVersions.some((version) => String(version.version) === value)
            ? value
            : String((loadedVersions.find((version) => !version.isCurrentVersion) ?? loadedVersions[0])?.version ?? '') || null,
        );
      } catch (error) {
        if (signal?.aborted) return;
        setLoadError(`${strings.loadTestCasesError} ${errorText(error)}`);
      }
    },
    [agentId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const remove = async (testCase: TestCase) => {
    setActionError(null);
    try {
      await promptsApi.deleteTestCase(agentId, testCase.id);
      setCases((list) => list?.filter((item) => item.id !== testCase.id) ?? null);
    } catch (error) {
      setActionError(errorText(error));
    }
  };

  const runTests = async () => {
    if (!candidate) return;
    setActionError(null);
    setRunning(true);
    try {
      setRun(await promptsApi.testRun(agentId, Number(candidate)));
    } catch (error) {
      setActionError(errorText(error));
    } finally {
      setRunning(false);
    }
  };

  if (cases === null) return <PanelLoadState title={strings.testCasesTitle} error={loadError} onRetry={() => void load()} />;

  const versionOptions = versions.map((version) => ({
    value: String(version.version),
    label: `${strings.versionLabel(version.version)} · ${version.name}${version.isCurrentVersion ? ` (${strings.currentBadge})` : ''}`,
  }));

  return (
    <Stack gap="lg">
      <Title order={2}>{strings.testCasesTitle}</Title>
      {actionError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}
      {cases.length === 0 ? (
        <Text>{strings.noTestCases}</Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={strings.testCasesTitle}>
          {cases.map((testCase, index) =>
            editing === testCase.id ? (
              <Paper component="li" key={testCase.id} withBorder p="sm">
                <TestCaseForm
                  title={strings.editingTitle(index + 1)}
                  initial={testCase}
                  submitLabel={strings.saveTestCase}
                  onCancel={() => setEditing(null)}
                  onSubmit={async (input) => {
                    const saved = await promptsApi.updateTestCase(agentId, testCase.id, input);
                    setCases((list) => list?.map((item) => (item.id === saved.id ? saved : item)) ?? null);
                    setEditing(null);
                  }}
                />
              </Paper>
            ) : (
              <Paper component="li" key={testCase.id} withBorder p="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={2}>
                    <Text>{testCase.question}</Text>
                    {testCase.expectation && (
                      <Text size="sm" c="dimmed">
                        {`${strings.expectationSummary[testCase.expectation.kind]}: ${testCase.expectation.value}`}
                      </Text>
                    )}
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <AppButton size="xs" variant="outline" aria-label={strings.editTestCaseAria(index + 1)} onClick={() => setEditing(testCase.id)}>
                      {strings.editTestCase}
                    </AppButton>
                    <AppButton size="xs" variant="danger" aria-label={strings.deleteTestCaseAria(index + 1)} onClick={() => void remove(testCase)}>
                      {strings.deleteTestCase}
                    </AppButton>
                  </Group>
                </Group>
              </Paper>
            ),
          )}
        </Stack>
      )}

      {cases.length < MAX_TEST_CASES ? (
        <Paper withBorder p="sm">
          <TestCaseForm
            title={strings.newCaseTitle}
            submitLabel={strings.addTestCase}
            onSubmit={async (input) => {
              const saved = await promptsApi.addTestCase(agentId, input);
              setCases((list) => [...(list ?? []), saved]);
            }}
          />
        </Paper>
      ) : (
        <Text c="dimmed">{strings.maxCases(MAX_TEST_CASES)}</Text>
      )}

      <Stack gap="sm">
        <Title order={3}>{strings.runTitle}</Title>
        {versions.length === 0 ? (
          <Text>{strings.runNeedsVersions}</Text>
        ) : cases.length === 0 ? (
          <Text>{strings.runNeedsCases}</Text>
        ) : (
          <Group align="flex-end">
            <Select label={strings.runVersionLabel} data={versionOptions} value={candidate} onChange={setCandidate} allowDeselect={false} />
            <AppButton onClick={() => void runTests()} loading={running} disabled={running || !candidate}>
              {strings.runButton}
            </AppButton>
          </Group>
        )}
        {running && <Text role="status">{strings.running}</Text>}
        {run && !running && <TestRunResults run={run} />}
      </Stack>
    </Stack>
  );
}
