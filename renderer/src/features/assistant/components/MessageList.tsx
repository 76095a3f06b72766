import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { MarkdownText } from '../../../shared/ui/MarkdownText';
import { assistantStrings } from '../strings';
import type { ArticleLink } from '../api/assistantQueries';
import type { WidgetMessage } from '../state/chatbotState';

function ArticleLinks({ articles }: { articles: ArticleLink[] }) {
  return (
    <Stack gap={2} mt={6} component="nav" aria-label={assistantStrings.articlesLabel}>
      <Text size="xs" c="dimmed">
        {assistantStrings.articlesLabel}
      </Text>
      {articles.map((article) =>
        article.url.startsWith('/') ? (
          <Anchor key={article.slug} component={Link} to={article.url} size="sm">
            {article.title}
          </Anchor>
        ) : (
          <Anchor key={article.slug} href={article.url} target="_blank" rel="noopener noreferrer" size="sm">
            {article.title}
          </Anchor>
        ),
      )}
    </Stack>
  );
}

function MessageBubble({ message, assistantName }: { message: WidgetMessage; assistantName: string }) {
  const mine = message.sender === 'user';
  return (
    <div
      className="assistant-message"
      data-sender={message.sender}
      data-kind={message.kind ?? (mine ? 'user' : 'reply')}
      aria-label={mine ? assistantStrings.you : assistantName}
    >
      {mine ? <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{message.content}</Text> : <MarkdownText>{message.content}</MarkdownText>}
      {message.articles && message.articles.length > 0 && <ArticleLinks articles={message.articles} />}
    </div>
  );
}

export interface MessageListProps {
  messages: WidgetMessage[];
  welcome: string;
  isTyping: boolean;
  assistantName: string;
}

/** The conversation, newest at the bottom; the welcome always opens it and follows the mode. */
export function MessageList({ messages, welcome, isTyping, assistantName }: MessageListProps) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, isTyping]);

  return (
    <div className="assistant-messages" role="log" aria-live="polite" aria-label={assistantStrings.messagesLabel}>
      <div className="assistant-message" data-sender="bot" data-kind="welcome">
        <MarkdownText>{welcome}</MarkdownText>
      </div>
      {messages.map((message) => (
        <MessageBubble key={message.id} message={message} assistantName={assistantName} />
      ))}
      {isTyping && (
        <Group gap={6} className="assistant-typing" role="status">
          <Loader size="xs" type="dots" />
          <Text size="xs" c="dimmed">
            {assistantStrings.typing(assistantName)}
          </Text>
        </Group>
      )}
      <div ref={end} />
    </div>
  );
}
