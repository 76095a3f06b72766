import { Stack, Title } from '@mantine/core';
import { promptsStrings } from '../strings';

export interface PromptTestCasesPanelProps {
  agentId: string;
}

export function PromptTestCasesPanel({ agentId }: PromptTestCasesPanelProps) {
  return (
    <Stack data-agent-id={agentId}>
      <Title order={2}>{promptsStrings.testCasesTitle}</Title>
    </Stack>
  );
}
