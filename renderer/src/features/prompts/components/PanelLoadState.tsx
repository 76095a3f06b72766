import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { AppButton } from '../../../shared/ui';
import { promptsStrings as strings } from '../strings';

/** A panel's title over its loading status, or over the load error with 'Reintentar'. */
export function PanelLoadState({ title, error, onRetry }: { title: string; error: string | null; onRetry: () => void }) {
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      {error ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{error}</Text>
            <AppButton variant="primary" onClick={onRetry}>
              {strings.retry}
            </AppButton>
          </Group>
        </Alert>
      ) : (
        <Group>
          <Loader size="sm" aria-hidden="true" />
          <Text role="status">{strings.loading}</Text>
        </Group>
      )}
    </Stack>
  );
}
