import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { AppButton } from '../../../shared/ui';
import { useCreateConversation, type CollaborationConversation } from '../api/collaborationQueries';
import { collaborationStrings } from '../strings';
import type { ChatEcosystem } from '../types';

const strings = collaborationStrings;

/**
 * 'Chatear con el ecosistema': a conversation flagged isEcosystemChat for this ecosystem, where
 * every message runs a session over its agents (at least one, spec section 5).
 */
export interface EcosystemChatButtonProps {
  ecosystem: ChatEcosystem;
  size?: 'xs' | 'sm' | 'md';
  onConversationCreated?: (conversation: CollaborationConversation) => void;
}

export function EcosystemChatButton({ ecosystem, size = 'sm', onConversationCreated }: EcosystemChatButtonProps) {
  const navigate = useNavigate();
  const createConversation = useCreateConversation();
  // Busy from the click until the page changes (also after the conversation is created).
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const empty = ecosystem.agentIds.length === 0;

  const open = async () => {
    if (empty) {
      setError(strings.ecosystem.noAgents);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const conversation = await createConversation.mutateAsync({
        title: strings.ecosystem.title(ecosystem.name),
        metadata: { isEcosystemChat: true, ecosystemId: ecosystem.id },
      });
      onConversationCreated?.(conversation);
      navigate(`/chat/${encodeURIComponent(conversation.id)}`);
    } catch (cause) {
      setError(isApiError(cause) && cause.message ? cause.message : strings.errors.conversation);
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      <AppButton size={size} onClick={() => void open()} loading={busy} aria-describedby={error ? `eco-chat-error-${ecosystem.id}` : undefined}>
        {strings.ecosystem.chat}
      </AppButton>
      {error && (
        <Alert color="red" role="alert" id={`eco-chat-error-${ecosystem.id}`} p="xs">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
