import { Group, Textarea } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { AppButton } from '../../../shared/ui';
import { chatStrings } from '../strings';

const strings = chatStrings.composer;

export interface ChatComposerProps {
  onSend: (text: string) => void;
  onStop: () => void;
  /** A reply is streaming in: the button becomes 'Detener'. */
  streaming: boolean;
  disabled?: boolean;
}

/** The message box: Enter sends, Shift+Enter adds a line; 'Detener' while a reply streams in. */
export function ChatComposer({ onSend, onStop, streaming, disabled = false }: ChatComposerProps) {
  const [text, setText] = useState('');
  const canSend = !disabled && !streaming && text.trim() !== '';

  const send = () => {
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          aria-label={strings.label}
          placeholder={strings.placeholder}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autosize
          minRows={1}
          maxRows={8}
          disabled={disabled}
          style={{ flex: 1 }}
        />
        {streaming ? (
          <AppButton type="button" variant="danger" onClick={onStop}>
            {strings.stop}
          </AppButton>
        ) : (
          <AppButton type="submit" disabled={!canSend}>
            {strings.send}
          </AppButton>
        )}
      </Group>
    </form>
  );
}
