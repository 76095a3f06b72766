import { Alert, Anchor, Text } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { forwardRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useRuntimeConfig } from '../../../shared/config';
import { useSendMessage } from '../hooks/useSendMessage';
import { chatbotStateAtom } from '../state/chatbotAtoms';
import { visibleSuggestions } from '../state/chatbotState';
import { assistantStrings } from '../strings';
import { pageContextFor } from '../utils/pageContext';
import { MessageComposer } from './MessageComposer';

export { ExpandToggle } from './ExpandToggle';
import { MessageList } from './MessageList';
import { SuggestionChips } from './SuggestionChips';

/**
 * The conversation with the assistant: messages, suggestions, input and the contact link. Shared
 * by the floating widget and the full-page chat (/chat-agent), so both show the same session.
 */
export const AssistantConversation = forwardRef<HTMLTextAreaElement>(function AssistantConversation(_props, inputRef) {
  const { assistantName, productName } = useRuntimeConfig();
  const state = useAtomValue(chatbotStateAtom);
  const dispatch = useSetAtom(chatbotStateAtom);
  const send = useSendMessage();
  const { pathname } = useLocation();

  const sendText = (text: string) => void send({ text, page: pageContextFor(pathname).title });
  const welcome = state.isOnline
    ? assistantStrings.welcomeOnline(assistantName, productName)
    : assistantStrings.welcomeOffline(assistantName, productName);

  return (
    <div className="assistant-conversation">
      <MessageList messages={state.messages} welcome={welcome} isTyping={state.isTyping} assistantName={assistantName} />
      <div className="assistant-bottom">
        {state.error && (
          <Alert color="yellow" variant="light" p="xs" withCloseButton onClose={() => dispatch({ type: 'dismissError' })} role="alert">
            <Text size="sm">{state.error}</Text>
          </Alert>
        )}
        <SuggestionChips suggestions={visibleSuggestions(state.suggestions)} disabled={state.isTyping} onPick={sendText} />
        <MessageComposer ref={inputRef} busy={state.isTyping} onSend={sendText} />
        <Text size="xs" c="dimmed" ta="center">
          {assistantStrings.contactFooter}{' '}
          <Anchor component={Link} to="/contact" size="xs">
            {assistantStrings.contactLink}
          </Anchor>
        </Text>
      </div>
    </div>
  );
});
