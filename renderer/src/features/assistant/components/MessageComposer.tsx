import { ActionIcon, Group, Textarea } from '@mantine/core';
import { forwardRef, useState, type KeyboardEvent } from 'react';
import { assistantStrings } from '../strings';
import { useFormLimits } from '../../../shared/config';

export interface MessageComposerProps {
  /** Whether a message may be sent now (no send running). */
  busy: boolean;
  onSend: (text: string) => void;
}

function SendIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M22 2 11 13" />
      <path d="M22 2 15 22l-4-9-9-4Z" />
    </svg>
  );
}

/** Enter sends, Shift+Enter starts a new line; empty or whitespace-only text is never sent. */
export const MessageComposer = forwardRef<HTMLTextAreaElement, MessageComposerProps>(function MessageComposer(
  { busy, onSend },
  ref,
) {
  const [text, setText] = useState('');
  const formLimits = useFormLimits();
  const sendable = !busy && text.trim() !== '';

  const submit = () => {
    if (!sendable) return;
    onSend(text);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="assistant-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group gap={8} wrap="nowrap" align="flex-end">
        <Textarea
          ref={ref}
          aria-label={assistantStrings.inputLabel}
          placeholder={assistantStrings.inputPlaceholder}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={formLimits?.assistant.message.max}
          style={{ flex: 1 }}
        />
        <ActionIcon type="submit" size={36} radius="md" color="indigo" aria-label={assistantStrings.send} disabled={!sendable}>
          <SendIcon />
        </ActionIcon>
      </Group>
    </form>
  );
});
