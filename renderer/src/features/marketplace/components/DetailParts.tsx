import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { marketplaceStrings as strings } from '../strings';

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" c="indigo.3">
      ← {label}
    </Anchor>
  );
}

export function ItemList({ title, items }: { title: string; items: readonly string[] }) {
  const headingId = `detail-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="lg" mb="xs" id={headingId}>
        {title}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {strings.detail.none}
        </Text>
      ) : (
        <List spacing={4} size="sm">
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

export function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={6} aria-label={strings.detail.tags}>
      {tags.map((tag) => (
        <Badge key={tag} variant="outline" color="gray" size="sm">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

/** 'Creado por {name}', a link to their page (/creadores/{name}) unless the platform made it. */
export function CreatorLink({ agent, size = 'sm' }: { agent: { createdBy: string; creatorId: string | null }; size?: 'xs' | 'sm' }) {
  if (agent.createdBy === 'system' || !agent.creatorId) {
    return (
      <Text size={size} c="dimmed">
        {strings.createdBy(agent.createdBy)}
      </Text>
    );
  }
  return (
    <Text size={size} c="dimmed">
      {strings.createdByPrefix}
      <Anchor component={Link} to={`/creadores/${encodeURIComponent(agent.createdBy)}`} size={size} c="indigo.3" aria-label={strings.creator.viewCreator(agent.createdBy)}>
        {agent.createdBy}
      </Anchor>
    </Text>
  );
}
