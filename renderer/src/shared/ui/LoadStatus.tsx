import { Alert, Group, Loader, Text } from '@mantine/core';
import { AppButton } from './AppButton';

export interface LoadStatusProps {
  /** The load failed with this text; null while it is still loading. */
  error: string | null;
  loadingText: string;
  retryText: string;
  onRetry(): void;
}

/** What a panel shows until its data arrives: a spoken 'loading' status, or the error with a retry button. */
export function LoadStatus({ error, loadingText, retryText, onRetry }: LoadStatusProps) {
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between">
          <Text size="sm">{error}</Text>
          <AppButton variant="primary" size="xs" onClick={onRetry}>
            {retryText}
          </AppButton>
        </Group>
      </Alert>
    );
  }
  return (
    <Group gap="xs">
      <Loader size="sm" aria-hidden="true" />
      <Text role="status">{loadingText}</Text>
    </Group>
  );
}
