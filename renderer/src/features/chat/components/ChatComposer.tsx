import { Group, Textarea } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
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
/** The height of the window's bottom band where Seshat's opener floats on a phone (assistant.css). */
const OPENER_BAND_PX = 64;

/**
 * While the composer reaches into the window's bottom band, publishes --assistant-opener-lift on
 * the document (from the window's bottom to the composer's top): Seshat's opener then floats just
 * above the composer, never over the box or 'Enviar'. A composer that ends higher (a short chat,
 * the footer below it) leaves the opener where it is.
 */
function useOpenerLift(element: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const root = document.documentElement;
    const publish = () => {
      const box = node.getBoundingClientRect();
      const reaches = box.bottom > window.innerHeight - OPENER_BAND_PX && box.top < window.innerHeight;
      if (reaches) root.style.setProperty('--assistant-opener-lift', `${Math.round(window.innerHeight - box.top)}px`);
      else root.style.removeProperty('--assistant-opener-lift');
    };
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    // Its own size (more lines typed) and the page's (a reply arriving moves it down, unscrolled).
    observer?.observe(node);
    observer?.observe(document.body);
    window.addEventListener('scroll', publish, { passive: true });
    window.addEventListener('resize', publish);
    publish();
    return () => {
      observer?.disconnect();
      window.removeEventListener('scroll', publish);
      window.removeEventListener('resize', publish);
      root.style.removeProperty('--assistant-opener-lift');
    };
  }, [element]);
}

export function ChatComposer({ onSend, onStop, streaming, disabled = false }: ChatComposerProps) {
  const [text, setText] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useOpenerLift(form);
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
      ref={form}
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
