import { Badge, Stack, Table, Text } from '@mantine/core';
import { promptsStrings as strings } from '../strings';
import type { CaseOutcome, TestRun } from '../api/promptsQueries';

function Outcome({ outcome }: { outcome: CaseOutcome }) {
  return (
    <Stack gap={4}>
      <Badge color={outcome.passed ? 'green' : 'red'} variant="light">
        {outcome.passed ? strings.passed : strings.failed}
      </Badge>
      {outcome.error && (
        <Text size="sm" c="red.3">
          {outcome.error}
        </Text>
      )}
      <Text size="sm" className="prompt-output">
        {outcome.output || strings.noOutput}
      </Text>
    </Stack>
  );
}

/** The candidate's answer beside the current version's, case by case, with pass or fail. */
export function TestRunResults({ run }: { run: TestRun }) {
  return (
    <Stack gap="sm">
      <Text fw={600} role="status">
        {strings.runSummary(run.candidatePassed, run.currentPassed, run.total, run.candidateVersion, run.currentVersion)}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table layout="fixed" withColumnBorders aria-label={strings.runTitle}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{strings.questionLabel}</Table.Th>
              <Table.Th scope="col">{strings.candidateColumn(run.candidateVersion)}</Table.Th>
              <Table.Th scope="col">{strings.currentColumn(run.currentVersion)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.results.map((result) => (
              <Table.Tr key={result.testCaseId}>
                <Table.Th scope="row" style={{ fontWeight: 'normal', verticalAlign: 'top' }}>
                  <Text size="sm">{result.question}</Text>
                  {result.expectation && (
                    <Text size="xs" c="dimmed">
                      {`${strings.expectationSummary[result.expectation.kind]}: ${result.expectation.value}`}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Outcome outcome={result.candidate} />
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Outcome outcome={result.current} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
