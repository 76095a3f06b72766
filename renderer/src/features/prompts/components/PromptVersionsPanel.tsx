import { Stack, Title } from '@mantine/core';
import { promptsStrings } from '../strings';

export interface PromptVersionsPanelProps {
  agentId: string;
}

export function PromptVersionsPanel({ agentId }: PromptVersionsPanelProps) {
  return (
    <Stack data-agent-id={agentId}>
      <Title order={2}>{promptsStrings.versionsTitle}</Title>
    </Stack>
  );
}
