import { Alert, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useFormLimits } from '../../../shared/config';
import { AppButton, LoadStatus } from '../../../shared/ui';
import {
  useAddTestCase,
  useDeleteTestCase,
  usePromptVersions,
  useTestCases,
  useTestRun,
  useUpdateTestCase,
  type TestCase,
  type TestRun,
} from '../api/promptsQueries';
import { promptsStrings as strings } from '../strings';
import { errorText, loadFailure } from '../utils/format';
import { TestCaseForm } from './TestCaseForm';
import { TestRunResults } from './TestRunResults';
import './prompts.css';

export interface PromptTestCasesPanelProps {
  agentId: string;
}

/**
 * An agent's test questions and 'Probar versión': every case asked of a candidate version and of
 * the current one, side by side, with pass or fail per case.
 */
export function PromptTestCasesPanel({ agentId }: PromptTestCasesPanelProps) {
  // The server's most cases per agent (GET /api/config), shown before the user hits it; until it arrives the server says so.
  const maxCases = useFormLimits()?.prompt.testCases.max ?? null;
  const casesQuery = useTestCases(agentId);
  const versionsQuery = usePromptVersions(agentId);
  const addCase = useAddTestCase();
  const updateCase = useUpdateTestCase();
  const deleteCase = useDeleteTestCase();
  const testRun = useTestRun();
  const [editing, setEditing] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [candidate, setCandidate] = useState<string | null>(null);
  const [run, setRun] = useState<TestRun | null>(null);
  const running = testRun.isPending;

  const cases = casesQuery.data;
  const versions = versionsQuery.data;
  const loadError = loadFailure(casesQuery, strings.loadTestCasesError) ?? loadFailure(versionsQuery, strings.loadTestCasesError);
  const retry = () => {
    for (const query of [casesQuery, versionsQuery]) if (query.error) void query.refetch();
  };

  // The user's candidate while it exists; else the newest version that is not the current one.
  if (versions && !(candidate && versions.some((version) => String(version.version) === candidate))) {
    const fallback = String((versions.find((version) => !version.isCurrentVersion) ?? versions[0])?.version ?? '') || null;
    if (fallback !== candidate) setCandidate(fallback);
  }

  const remove = async (testCase: TestCase) => {
    setActionError(null);
    try {
      await deleteCase.mutateAsync({ agentId, caseId: testCase.id });
    } catch (error) {
      setActionError(errorText(error));
    }
  };

  const runTests = async () => {
    if (!candidate) return;
    setActionError(null);
    try {
      setRun(await testRun.mutateAsync({ agentId, version: Number(candidate) }));
    } catch (error) {
      setActionError(errorText(error));
    }
  };

  if (!cases || !versions) {
    return (
      <Stack>
        <Title order={2}>{strings.testCasesTitle}</Title>
        <LoadStatus error={loadError} loadingText={strings.loading} retryText={strings.retry} onRetry={retry} />
      </Stack>
    );
  }

  const versionOptions = versions.map((version) => ({
    value: String(version.version),
    label: `${strings.versionLabel(version.version)} · ${version.name}${version.isCurrentVersion ? ` (${strings.currentBadge})` : ''}`,
  }));

  return (
    <Stack gap="lg">
      <Title order={2}>{strings.testCasesTitle}</Title>
      {loadError && <LoadStatus error={loadError} loadingText={strings.loading} retryText={strings.retry} onRetry={retry} />}
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
                    await updateCase.mutateAsync({ agentId, caseId: testCase.id, input });
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

      {maxCases === null || cases.length < maxCases ? (
        <Paper withBorder p="sm">
          <TestCaseForm
            title={strings.newCaseTitle}
            submitLabel={strings.addTestCase}
            onSubmit={async (input) => {
              await addCase.mutateAsync({ agentId, input });
            }}
          />
        </Paper>
      ) : (
        <Text c="dimmed">{strings.maxCases(maxCases)}</Text>
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
