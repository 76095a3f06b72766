import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { AppButton } from '../../../shared/ui';
import { marketplaceStrings as strings } from '../strings';

export function LoadingView({ label = strings.loading }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader color="indigo" />
    </Center>
  );
}

/** Spec section 8: 'Error al cargar los datos del marketplace', with a way to try again. */
export function LoadErrorView({ message = strings.loadError, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title={message}>
      {onRetry && (
        <AppButton variant="outline" size="xs" mt="xs" onClick={onRetry}>
          {strings.retry}
        </AppButton>
      )}
    </Alert>
  );
}

/** An empty grid; with `onReset` (filters set), a way back to everything. */
export function EmptyView({ text, onReset }: { text: string; onReset?: () => void }) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Text c="dimmed" ta="center">
        {text}
      </Text>
      {onReset && (
        <AppButton variant="outline" size="xs" onClick={onReset}>
          {strings.filters.reset}
        </AppButton>
      )}
    </Stack>
  );
}
