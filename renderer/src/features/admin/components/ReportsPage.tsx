import { Badge, Card, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useFormLimits } from '../../../shared/config';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import { errorMessage, failureOf, useReports, useResolveReport, type AdminReport, type ReportAction, type ReportStatus } from '../api/adminQueries';
import { adminStrings } from '../strings';
import { ErrorAlert, LoadingText, PageHeader } from './parts';

const strings = adminStrings.reports;
const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric' });
const ACTION_LABELS: Record<ReportAction, string> = { hide: strings.hide, unpublish: strings.unpublish, dismiss: strings.dismiss };

const targetName = (report: AdminReport) => {
  const agent = report.agentName ?? strings.goneAgent;
  return report.targetType === 'agent' ? strings.agentTarget(agent) : strings.reviewTarget(agent);
};

/** /admin/reports ('Denuncias', issue 34): reports of agents and reviews, and their resolution. */
export function ReportsPage() {
  const toast = useToast();
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useReports(status);
  const failure = failureOf(reports);
  const resolution = useResolveReport();
  const [resolving, setResolving] = useState<{ report: AdminReport; action: ReportAction } | null>(null);
  const [note, setNote] = useState('');
  const noteMax = useFormLimits()?.review?.resolutionNote.max ?? 2000;

  const resolve = async () => {
    if (!resolving) return;
    try {
      await resolution.mutateAsync({ reportId: resolving.report.id, action: resolving.action, note: note.trim() });
      toast.success(strings.resolved);
      setResolving(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <PageHeader title={strings.title} intro={strings.intro} />
      <SegmentedControl
        aria-label={strings.tabs.label}
        value={status}
        onChange={(value) => setStatus(value as ReportStatus)}
        data={[
          { value: 'open', label: strings.tabs.open },
          { value: 'resolved', label: strings.tabs.resolved },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {reports.isFetching && !reports.data ? (
        <LoadingText>{strings.loading}</LoadingText>
      ) : failure || !reports.data ? (
        <ErrorAlert message={failure ?? adminStrings.genericError} onRetry={() => void reports.refetch()} />
      ) : reports.data.items.length === 0 ? (
        <Text>{status === 'open' ? strings.emptyOpen : strings.emptyResolved}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {reports.data.items.map((report) => (
            <Card component="li" key={report.id} withBorder padding="md" radius="md" data-testid="report">
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
                    <Text fw={700} component="h2" fz="md" m={0}>
                      {targetName(report)}
                    </Text>
                    <Text size="sm">
                      {strings.reason}: {strings.reasons[report.reason] ?? report.reason}
                    </Text>
                    {report.details && (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {strings.details}: {report.details}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {strings.reportedBy(report.reporter, dateFormat.format(new Date(report.createdAt)))}
                    </Text>
                  </Stack>
                  {report.status === 'resolved' && report.action && <Badge variant="light">{strings.outcome[report.action] ?? report.action}</Badge>}
                </Group>
                {report.review && (
                  <Card radius="sm" padding="sm" bg="var(--mantine-color-default-hover)">
                    <Group gap="xs">
                      <Text size="xs" fw={700}>
                        {strings.reviewBy(report.review.authorUsername, report.review.rating)}
                      </Text>
                      {report.review.hidden && (
                        <Badge size="xs" color="gray">
                          {strings.hiddenReview}
                        </Badge>
                      )}
                    </Group>
                    {report.review.comment && (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {report.review.comment}
                      </Text>
                    )}
                  </Card>
                )}
                {report.status === 'resolved' && report.note && (
                  <Text size="sm" c="dimmed">
                    {report.note}
                  </Text>
                )}
                {report.status === 'open' && (
                  <Group gap="xs">
                    {(report.targetType === 'review' ? (['hide', 'dismiss'] as const) : (['unpublish', 'dismiss'] as const)).map((action) => (
                      <AppButton
                        key={action}
                        size="xs"
                        variant={action === 'dismiss' ? 'outline' : 'danger'}
                        aria-label={strings.actionLabel(ACTION_LABELS[action], targetName(report))}
                        disabled={resolution.isPending}
                        onClick={() => {
                          setNote('');
                          setResolving({ report, action });
                        }}
                      >
                        {ACTION_LABELS[action]}
                      </AppButton>
                    ))}
                  </Group>
                )}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      <AppModal
        opened={resolving !== null}
        onClose={() => !resolution.isPending && setResolving(null)}
        title={resolving ? strings.actionLabel(ACTION_LABELS[resolving.action], targetName(resolving.report)) : ''}
      >
        <Stack gap="md">
          <Textarea
            label={strings.note}
            autosize
            minRows={3}
            maxLength={noteMax}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={note.trim().length > noteMax ? strings.noteTooLong(noteMax) : undefined}
          />
          <Group justify="flex-end" gap="sm">
            <AppButton variant="outline" onClick={() => setResolving(null)} disabled={resolution.isPending}>
              {adminStrings.cancel}
            </AppButton>
            <AppButton variant={resolving?.action === 'dismiss' ? 'primary' : 'danger'} disabled={resolution.isPending} onClick={() => void resolve()}>
              {strings.confirm}
            </AppButton>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}
