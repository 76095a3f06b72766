import { Group, Loader, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { AppButton } from '../../../shared/ui/AppButton';
import { MarkdownText } from '../../../shared/ui/MarkdownText';
import type { ChatLine } from '../types';

export interface TalkThreadProps {
  label: string;
  lines: ChatLine[];
  names: { user: string; assistant: string };
  busy: boolean;
  busyText: string;
  disabled?: boolean;
  input: { label: string; placeholder: string; send: string };
  /** Resolves true when the message went (the input is then cleared), false to keep it for a retry. */
  onSend: (text: string) => Promise<boolean>;
  height?: string;
}

/**
 * A conversation with an assistant whose replies the parent reads (the creator's draft, a
 * proposed prompt): messages, a 'thinking' line and a composer (Enter sends, Shift+Enter breaks
 * the line). What the user typed stays in the box until it has been sent.
 */
export function TalkThread({ label, lines, names, busy, busyText, disabled = false, input, onSend, height = '55vh' }: TalkThreadProps) {
  const [text, setText] = useState('');
  const viewport = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lines.length, busy]);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || busy || disabled) return;
    if (await onSend(message)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void send(event);
  };

  return (
    <Stack gap="sm" className="talk-thread">
      <ScrollArea.Autosize mah={height} viewportRef={viewport} type="auto">
        <Stack gap="sm" component="ol" aria-label={label} aria-live="polite" className="talk-thread-list">
          {lines.map((line) => (
            <Paper
              key={line.id}
              component="li"
              p="sm"
              radius="md"
              withBorder={line.role === 'assistant'}
              className={`talk-line talk-line-${line.role}${line.notice ? ' talk-line-notice' : ''}`}
            >
              <Text size="xs" c="dimmed" fw={600} mb={4}>
                {line.role === 'user' ? names.user : names.assistant}
              </Text>
              {line.role === 'assistant' ? <MarkdownText>{line.content}</MarkdownText> : <Text style={{ whiteSpace: 'pre-wrap' }}>{line.content}</Text>}
            </Paper>
          ))}
          {busy && (
            <Group component="li" gap="xs" aria-label={busyText}>
              <Loader size="xs" type="dots" />
              <Text size="sm" c="dimmed">
                {busyText}
              </Text>
            </Group>
          )}
        </Stack>
      </ScrollArea.Autosize>
      <form onSubmit={(event) => void send(event)}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Textarea
            aria-label={input.label}
            placeholder={input.placeholder}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            autosize
            minRows={1}
            maxRows={5}
            disabled={disabled}
            style={{ flex: 1 }}
          />
          <AppButton type="submit" disabled={disabled || busy || !text.trim()}>
            {input.send}
          </AppButton>
        </Group>
      </form>
    </Stack>
  );
}
