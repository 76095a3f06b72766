import { Alert, Code, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useCategories } from '../../../shared/config';
import { AppButton } from '../../../shared/ui';
import { errorMessage, failureOf, useAuditLog, useVerifyAudit, type AuditVerification } from '../api/adminQueries';
import { adminStrings } from '../strings';
import { actionLabel, actorLabel, changeLines, targetLabel } from '../utils/audit';
import { formatDateTime } from '../utils/format';
import { ErrorAlert, LoadingText, PageHeader, Pager } from './parts';

const strings = adminStrings.audit;
export const AUDIT_PAGE_SIZE = 25;

/** Where the signed part of the chain begins and its newest row, as the last verification found them. */
function ChainHead({ result }: { result: AuditVerification }) {
  if (!result.head) return null;
  return (
    <Stack gap={4} mb="sm">
      <Text size="sm">{strings.head(result.head.id, formatDateTime(result.head.at))}</Text>
      <Text size="sm">{result.keyedFrom ? strings.keyedFrom(result.keyedFrom) : strings.unkeyed}</Text>
    </Stack>
  );
}

/** /admin/audit: the append-only log, and a check of its signed hash chain. */
export function AuditPage() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page, AUDIT_PAGE_SIZE);
  const logError = failureOf(log);
  const verification = useVerifyAudit();
  const verifying = verification.isPending;
  const result = verification.data;
  const verifyError = verification.error ? errorMessage(verification.error) : null;
  const verify = () => verification.mutate();

  const categories = useCategories();
  const data = log.data;
  const names = data?.names ?? {};
  const pages = data ? Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE)) : 1;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <PageHeader
        title={strings.title}
        intro={strings.intro}
        actions={
          <AppButton onClick={verify} disabled={verifying}>
            {verifying ? strings.verifying : strings.verify}
          </AppButton>
        }
      />
      <div aria-live="polite">
        {result && <ChainHead result={result} />}
        {result &&
          (result.valid ? (
            <Alert color="teal" role="status">
              {strings.valid(result.checked)}
            </Alert>
          ) : (
            <Alert color="red" role="alert">
              {result.firstBrokenId !== undefined
                ? strings.broken(result.firstBrokenId, result.checked)
                : strings.brokenUnknown(result.checked)}
            </Alert>
          ))}
      </div>
      {verifyError && <ErrorAlert message={verifyError} onRetry={verify} />}

      {log.isFetching && !data ? (
        <LoadingText>{strings.loading}</LoadingText>
      ) : logError ? (
        <ErrorAlert message={logError} onRetry={() => void log.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <Text>{strings.empty}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={1000} type="native" tabIndex={0} role="region" aria-label={strings.tableLabel}>
            <Table striped aria-label={strings.tableLabel} aria-busy={log.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{strings.columns.at}</Table.Th>
                  <Table.Th scope="col">{strings.columns.actor}</Table.Th>
                  <Table.Th scope="col">{strings.columns.action}</Table.Th>
                  <Table.Th scope="col">{strings.columns.target}</Table.Th>
                  <Table.Th scope="col">{strings.columns.changes}</Table.Th>
                  <Table.Th scope="col">{strings.columns.hash}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((entry) => {
                  const changes = changeLines(entry, names, { category: categories.label });
                  return (
                    <Table.Tr key={entry.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{actorLabel(entry.actorSub, names)}</Table.Td>
                      <Table.Td>{actionLabel(entry.action)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{targetLabel(entry.target, names)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {changes.length === 0 ? (
                          <Text size="sm" c="dimmed" span>
                            {strings.noChanges}
                          </Text>
                        ) : (
                          changes.map((line) => (
                            <Text size="sm" key={line}>
                              {line}
                            </Text>
                          ))
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Code title={entry.hash}>{entry.hash.slice(0, 12)}</Code>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager page={page} pages={pages} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
