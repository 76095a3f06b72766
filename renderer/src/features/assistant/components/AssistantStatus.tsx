import { Group, Text } from '@mantine/core';
import { assistantStrings } from '../strings';

export function AssistantStatus({ online }: { online: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" className="assistant-status" data-online={online} role="status">
      <span className="assistant-status-dot" aria-hidden="true" />
      <Text size="xs" c={online ? 'teal.3' : 'yellow.4'}>
        {online ? assistantStrings.online : assistantStrings.offline}
      </Text>
    </Group>
  );
}
