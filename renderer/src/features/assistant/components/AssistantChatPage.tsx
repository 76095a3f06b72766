import { Group, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useRuntimeConfig } from '../../../shared/config';
import { chatbotStateAtom } from '../state/chatbotAtoms';
import { assistantStrings } from '../strings';
import { AssistantConversation } from './AssistantConversation';
import { AssistantStatus } from './AssistantStatus';
import './assistant.css';

/**
 * /chat-agent: the same conversation as the floating widget, on a page of its own, for visitors too.
 * The widget (mounted on every page) keeps running the health check here.
 */
export function AssistantChatPage() {
  const { assistantName, productName } = useRuntimeConfig();
  const { isOnline } = useAtomValue(chatbotStateAtom);
  return (
    <Stack gap="md" p={{ base: 'md', sm: 'xl' }} maw={860} mx="auto" className="assistant-page">
      <div>
        <Group gap="sm" align="center">
          <Title order={1}>{assistantStrings.pageTitle(assistantName)}</Title>
          <AssistantStatus online={isOnline} />
        </Group>
        <Text c="dimmed" mt={4} maw={680}>
          {assistantStrings.pageLead(assistantName, productName)}
        </Text>
      </div>
      <div className="assistant-page-panel">
        <AssistantConversation />
      </div>
    </Stack>
  );
}
