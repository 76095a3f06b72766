import { Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useCategories, useFormLimits } from '../../../shared/config';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import { errorMessage, failureOf, useApproveAgent, useModerationQueue, useRejectAgent, type PendingAgent } from '../api/adminQueries';
import { adminStrings } from '../strings';
import { ErrorAlert, LoadingText, PageHeader } from './parts';

const strings = adminStrings.moderation;

/** /admin/moderation: newly public agents waiting for an admin's approval. */
export function ModerationPage() {
  const toast = useToast();
  const queue = useModerationQueue();
  const queueError = failureOf(queue);
  const approval = useApproveAgent();
  const rejection = useRejectAgent();
  const busy = approval.isPending || rejection.isPending;
  const [rejecting, setRejecting] = useState<PendingAgent | null>(null);
  const reasonLimit = useFormLimits()?.moderation.reason.max;
  const categories = useCategories();
  const rejectForm = useForm({
    initialValues: { reason: '' },
    validate: {
      reason: (value) => {
        if (!value.trim()) return strings.reasonRequired;
        return reasonLimit !== undefined && value.trim().length > reasonLimit ? strings.reasonTooLong(reasonLimit) : null;
      },
    },
  });

  const approve = async (item: PendingAgent) => {
    try {
      await approval.mutateAsync(item.id);
      toast.success(strings.approved(item.name));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const reject = async ({ reason }: { reason: string }) => {
    if (!rejecting) return;
    try {
      await rejection.mutateAsync({ agentId: rejecting.id, reason: reason.trim() });
      toast.success(strings.rejected(rejecting.name));
      setRejecting(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  // What the page says of new agents follows the server's setting (MODERATION_ENABLED, served with
  // the queue): with moderation off they are listed at once, and nothing waits but what was left
  // pending while it was on.
  const enabled = queue.data?.enabled;
  const intro = enabled === undefined ? strings.introLoading : enabled ? strings.intro : strings.introOff;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <PageHeader title={strings.title} intro={intro} />
      {queue.isFetching && !queue.data ? (
        <LoadingText>{strings.loading}</LoadingText>
      ) : queueError || !queue.data ? (
        <ErrorAlert message={queueError ?? adminStrings.genericError} onRetry={() => void queue.refetch()} />
      ) : queue.data.items.length === 0 ? (
        <Text>{strings.empty}</Text>
      ) : (
        <>
          {!queue.data.enabled && <Text>{strings.leftOver}</Text>}
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {queue.data.items.map((item) => (
              <Card component="li" key={item.id} withBorder padding="md" radius="md">
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
                    <Text fw={700} component="h2" fz="md" m={0}>
                      {item.name}
                    </Text>
                    {item.description && <Text size="sm">{item.description}</Text>}
                    <Text size="xs" c="dimmed">
                      {[item.category ? categories.label(item.category) : null, item.createdBy].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <AppButton size="xs" aria-label={strings.approveLabel(item.name)} disabled={busy} onClick={() => void approve(item)}>
                      {strings.approve}
                    </AppButton>
                    <AppButton
                      size="xs"
                      variant="danger"
                      aria-label={strings.rejectLabel(item.name)}
                      disabled={busy}
                      onClick={() => {
                        rejectForm.reset();
                        setRejecting(item);
                      }}
                    >
                      {strings.reject}
                    </AppButton>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
      <AppModal opened={rejecting !== null} onClose={() => !busy && setRejecting(null)} title={rejecting ? strings.rejectTitle(rejecting.name) : ''}>
        <form onSubmit={rejectForm.onSubmit((values) => void reject(values))} noValidate>
          <Stack gap="md">
            <Textarea label={strings.reason} required autosize minRows={3} maxLength={reasonLimit} {...rejectForm.getInputProps('reason')} />
            <Group justify="flex-end" gap="sm">
              <AppButton variant="outline" onClick={() => setRejecting(null)} disabled={busy}>
                {adminStrings.cancel}
              </AppButton>
              <AppButton type="submit" variant="danger" disabled={busy}>
                {strings.reject}
              </AppButton>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </Stack>
  );
}
