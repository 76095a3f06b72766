import { Stack, Text, Title } from '@mantine/core';

/** A route whose screen is still being built: its title, and an honest word about it. */
export function PendingPage({ title }: { title: string }) {
  return (
    <Stack gap="sm" p="xl">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">Esta sección estará disponible muy pronto.</Text>
    </Stack>
  );
}
