import { Group, Stack, Text } from '@mantine/core';
import { AppButton } from './AppButton';
import { AppModal } from './AppModal';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busyLabel?: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before an action that cannot be undone (delete, cancel, disable…): the question, a way back and the action. */
export function ConfirmModal({ opened, title, message, confirmLabel, cancelLabel, busyLabel, busy, danger, onConfirm, onCancel }: ConfirmModalProps) {
  return (
    <AppModal opened={opened} onClose={() => !busy && onCancel()} title={title}>
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <AppButton variant="outline" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </AppButton>
          <AppButton variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </AppButton>
        </Group>
      </Stack>
    </AppModal>
  );
}
