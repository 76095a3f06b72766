import { Alert, Code, Group, Stack, Text } from '@mantine/core';
import { AppButton, AppModal } from '../../../shared/ui';
import { publicationsStrings as strings } from '../strings';
import { CopyValueButton } from './CopyValueButton';

export interface SecretModalProps {
  /** The key just created; null closes the modal. */
  secret: { name: string; value: string } | null;
  onClose(): void;
}

/** The one place a key's secret is ever shown, with a copy button and the warning. */
export function SecretModal({ secret, onClose }: SecretModalProps) {
  return (
    <AppModal opened={secret !== null} onClose={onClose} title={strings.secret.title} maxWidth={560} closeOnClickOutside={false}>
      {secret && (
        <Stack gap="md">
          <Text size="sm">{strings.secret.intro(secret.name)}</Text>
          <Alert color="yellow" role="alert">
            {strings.secret.warning}
          </Alert>
          <Stack gap={4}>
            <Text size="sm" fw={600} id="publication-secret-label">
              {strings.secret.label}
            </Text>
            <Code block aria-labelledby="publication-secret-label" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="api-key-secret">
              {secret.value}
            </Code>
          </Stack>
          <Group justify="space-between" gap="sm">
            <CopyValueButton value={secret.value} label={strings.secret.copy} />
            <AppButton onClick={onClose}>{strings.secret.done}</AppButton>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
