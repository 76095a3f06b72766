import { Anchor, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useKnowledgeSources } from '../../../shared/ui/KnowledgeSources';
import { MarkdownText } from '../../../shared/ui/MarkdownText';
import { argumentsText, ToolCalls } from '../../../shared/ui/ToolCalls';
import type { Message } from '../api/chatQueries';
import type { ChatToolConfirmation } from '../api/chatStream';
import type { SendError } from '../state/chatAtoms';
import { chatStrings } from '../strings';

const strings = chatStrings.message;
const toolStrings = chatStrings.tools;

/** '¿Permitir que {agente} use {herramienta}?' with the arguments, 'Permitir' and 'Rechazar'. */
function ToolConfirmationCard({ confirmation, onAnswer, busy }: { confirmation: ChatToolConfirmation; onAnswer: (allow: boolean) => void; busy: boolean }) {
  return (
    <div className="chat-tool-confirmation" role="group" aria-label={toolStrings.confirmation}>
      <Text size="sm" fw={700}>
        {toolStrings.ask(confirmation.agentName, confirmation.tool)}
      </Text>
      <pre className="tool-call-code">{argumentsText(confirmation.arguments)}</pre>
      <Group gap="sm">
        <Button size="xs" onClick={() => onAnswer(true)} disabled={busy}>
          {toolStrings.allow}
        </Button>
        <Button size="xs" variant="outline" onClick={() => onAnswer(false)} disabled={busy}>
          {toolStrings.refuse}
        </Button>
      </Group>
    </div>
  );
}

/** A message as the chat shows it: stored, or the user's while it is being sent (or failed to). */
export type ChatMessage = Message & {
  /** The send failed before a reply came: what to show beside the 'Reenviar' action. */
  sendError?: SendError;
};
const COPIED_FEEDBACK_MS = 1500;

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => {
        setCopied(true);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
      },
      () => undefined,
    );
  };
  return (
    <UnstyledButton className="chat-message-action" onClick={copy}>
      {copied ? strings.copied : strings.copy}
    </UnstyledButton>
  );
}

export interface MessageItemProps {
  message: ChatMessage;
  authorName: string;
  userName: string;
  /** Resends the user message (with the same id); given for failed sends, failed replies and a cut reply. */
  onResend?: () => void;
  /** The reply streaming in (no actions yet). */
  streaming?: boolean;
  busy?: boolean;
  /** Beside a 'subscription required' refusal: how to subscribe to the agent (supplied by the app). */
  renderSubscribe?: (agentId: string) => ReactNode;
  /** A paused answer's 'Permitir' / 'Rechazar' (given when its tool waits for the user). */
  onToolAnswer?: (allow: boolean) => void;
}

/** One message: the user's as plain text, the assistant's as Markdown with code blocks. */
export function MessageItem({ message, authorName, userName, onResend, streaming = false, busy = false, renderSubscribe, onToolAnswer }: MessageItemProps) {
  const isUser = message.role === 'user';
  const failed = message.role === 'assistant' && message.status === 'failed';
  const stopped = message.role === 'assistant' && message.status === 'stopped';
  const author = isUser ? userName : (message.metadata?.agentName ?? authorName);
  const sources = useKnowledgeSources(isUser || streaming ? undefined : message.metadata?.sources, 'chat-message-action');
  const toolCalls = isUser ? undefined : message.metadata?.toolCalls;
  const confirmation = isUser || streaming ? undefined : message.metadata?.toolConfirmation;
  const attachments = isUser ? message.metadata?.attachments : undefined;

  return (
    <li
      className="chat-message"
      data-role={message.role}
      data-status={streaming ? 'streaming' : message.status}
      data-testid={streaming ? 'streaming-reply' : undefined}
      aria-busy={streaming || undefined}
    >
      <div className="chat-message-bubble">
        <Text size="xs" fw={700} c="dimmed" mb={4}>
          {author}
          {streaming && (
            <Text span size="xs" c="dimmed" fw={400} ml={6}>
              {message.content === '' ? strings.typing : strings.streaming}
            </Text>
          )}
        </Text>
        {toolCalls && toolCalls.length > 0 && <ToolCalls calls={toolCalls} awaitingId={confirmation?.id} />}
        {isUser ? (
          <Text className="chat-message-text" size="sm">
            {message.content}
          </Text>
        ) : message.content === '' && (streaming || confirmation) ? (
          // Nothing written yet: the dots, unless tool calls already show what is going on.
          streaming && (toolCalls?.length ?? 0) === 0 ? (
            <span className="chat-typing" aria-hidden>
              <span />
              <span />
              <span />
            </span>
          ) : null
        ) : (
          <MarkdownText>{message.content}</MarkdownText>
        )}
        {attachments && attachments.length > 0 && (
          <ul className="chat-attachments chat-message-attachments" aria-label={strings.attachments}>
            {attachments.map((attachment) => (
              <li key={attachment.fileId} className="chat-attachment">
                <span className="chat-attachment-name">{attachment.name}</span>
              </li>
            ))}
          </ul>
        )}
        {confirmation &&
          (onToolAnswer ? (
            <ToolConfirmationCard confirmation={confirmation} onAnswer={onToolAnswer} busy={busy} />
          ) : (
            <Text size="xs" c="dimmed" mt={6}>
              {toolStrings.waiting}
            </Text>
          ))}
        {failed && (
          <Text size="xs" c="dimmed" mt={6}>
            {strings.failed}
          </Text>
        )}
        {stopped && (
          <Text size="xs" c="yellow.4" mt={6}>
            {strings.stopped}
          </Text>
        )}
      </div>
      {message.sendError && (
        <div className="chat-message-error" role="alert">
          {message.sendError.title && (
            <Text size="sm" fw={700} c="red.4">
              {message.sendError.title}
            </Text>
          )}
          <Text size="sm" c="red.2">
            {message.sendError.message}
          </Text>
          {message.sendError.agentLink && (
            <Group gap="sm" mt={6}>
              {message.sendError.agentId && renderSubscribe?.(message.sendError.agentId)}
              <Anchor component={Link} to={message.sendError.agentLink} size="sm">
                {chatStrings.errors.subscriptionRequiredLink}
              </Anchor>
            </Group>
          )}
        </div>
      )}
      {!streaming && (
        <Group gap={4} className="chat-message-actions" justify={isUser ? 'flex-end' : 'flex-start'}>
          <CopyButton text={message.content} />
          {onResend && (
            <UnstyledButton className="chat-message-action" data-emphasis="true" onClick={onResend} disabled={busy}>
              {strings.resend}
            </UnstyledButton>
          )}
          {sources?.button}
        </Group>
      )}
      {sources?.list}
    </li>
  );
}
