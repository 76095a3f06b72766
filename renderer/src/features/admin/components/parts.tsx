import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppButton } from '../../../shared/ui';
import { adminStrings as strings } from '../strings';

export function PageHeader({ title, intro, actions }: { title: string; intro?: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        {intro && (
          <Text c="dimmed" size="sm">
            {intro}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}

export function LoadingText({ children }: { children: ReactNode }) {
  return (
    <Text role="status" c="dimmed">
      {children}
    </Text>
  );
}

export function ErrorAlert({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <AppButton size="xs" variant="outline" onClick={onRetry}>
            {strings.retry}
          </AppButton>
        )}
      </Stack>
    </Alert>
  );
}

/** Shown whenever a payments answer comes from the demo gateway. */
export function DemoNotice({ provider }: { provider: unknown }) {
  if (provider !== 'demo') return null;
  return (
    // The label wraps on a phone: a clipped 'no se realiza ning…' would hide what it warns about.
    <Badge color="yellow" variant="light" size="lg" h="auto" py={4} maw="100%" styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }} style={{ textTransform: 'none' }}>
      {strings.demoMode}
    </Badge>
  );
}

export interface PagerProps {
  page: number;
  pages: number;
  onChange(page: number): void;
  label?: string;
}

export function Pager({ page, pages, onChange, label = strings.pagination }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} gap="sm">
      <AppButton size="xs" variant="outline" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {strings.previous}
      </AppButton>
      <Text size="sm">{strings.pageOf(page, pages)}</Text>
      <AppButton size="xs" variant="outline" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {strings.next}
      </AppButton>
    </Group>
  );
}

