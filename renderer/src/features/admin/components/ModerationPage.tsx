import { Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import { adminApi } from '../api/adminApi';
import { errorMessage, useAdminResource } from '../hooks/useAdminResource';
import { adminStrings } from '../strings';
import type { ModerationItem } from '../types';
import { formatDateTime } from '../utils/format';
import { ErrorAlert, LoadingText, PageHeader } from './parts';

const strings = adminStrings.moderation;

/** /admin/moderation: newly public agents waiting for an admin's approval. */
export function ModerationPage() {
  const toast = useToast();
  const queue = useAdminResource((signal) => adminApi.moderation(signal));
  const [busyId, setBusyId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ModerationItem | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const approve = async (item: ModerationItem) => {
    setBusyId(item.agentId);
    try {
      await adminApi.approve(item.agentId);
      toast.success(strings.approved(item.name));
      queue.reload();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusyId(null);
    }
  };

  const reject = async () => {
    if (!rejecting) return;
    if (!reason.trim()) {
      setReasonError(strings.reasonRequired);
      return;
    }
    setBusyId(rejecting.agentId);
    try {
      await adminApi.reject(rejecting.agentId, reason.trim());
      toast.success(strings.rejected(rejecting.name));
      setRejecting(null);
      queue.reload();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <PageHeader title={strings.title} intro={strings.intro} />
      {queue.loading && queue.data === null ? (
        <LoadingText>{strings.loading}</LoadingText>
      ) : queue.error ? (
        <ErrorAlert message={queue.error} onRetry={queue.reload} />
      ) : queue.data === null ? (
        <Text>{strings.off}</Text>
      ) : queue.data.length === 0 ? (
        <Text>{strings.empty}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {queue.data.map((item) => (
            <Card component="li" key={item.agentId} withBorder padding="md" radius="md">
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
                  <Text fw={700} component="h2" fz="md" m={0}>
                    {item.name}
                  </Text>
                  {item.description && <Text size="sm">{item.description}</Text>}
                  <Text size="xs" c="dimmed">
                    {[item.category, item.createdBy, item.submittedAt ? formatDateTime(item.submittedAt) : null].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <AppButton size="xs" aria-label={strings.approveLabel(item.name)} disabled={busyId !== null} onClick={() => void approve(item)}>
                    {strings.approve}
                  </AppButton>
                  <AppButton
                    size="xs"
                    variant="danger"
                    aria-label={strings.rejectLabel(item.name)}
                    disabled={busyId !== null}
                    onClick={() => {
                      setReason('');
                      setReasonError(null);
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
      )}
      <AppModal opened={rejecting !== null} onClose={() => busyId === null && setRejecting(null)} title={rejecting ? strings.rejectTitle(rejecting.name) : ''}>
        <Stack gap="md">
          <Textarea
            label={strings.reason}
            required
            autosize
            minRows={3}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <AppButton variant="outline" onClick={() => setRejecting(null)} disabled={busyId !== null}>
              {adminStrings.cancel}
            </AppButton>
            <AppButton variant="danger" onClick={() => void reject()} disabled={busyId !== null}>
              {strings.reject}
            </AppButton>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}
