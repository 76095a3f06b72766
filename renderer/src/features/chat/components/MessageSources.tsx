import { Text, UnstyledButton } from '@mantine/core';
import { useId, useState } from 'react';
import type { components } from '../../../shared/api';
import { chatStrings } from '../strings';

export type MessageSource = components['schemas']['KnowledgeSourceDto'];

const strings = chatStrings.sources;

/** The agent's passages behind an answer (issue 32): 'Fuentes' opens each snippet with its document and page. */
export function SourcesButton({ open, onToggle, controls, count }: { open: boolean; onToggle: () => void; controls: string; count: number }) {
  return (
    <UnstyledButton className="chat-message-action" aria-expanded={open} aria-controls={controls} onClick={onToggle} title={strings.count(count)}>
      {strings.button}
    </UnstyledButton>
  );
}

export function SourcesList({ id, sources }: { id: string; sources: MessageSource[] }) {
  return (
    <ol id={id} className="chat-message-sources" aria-label={strings.button}>
      {sources.map((source, index) => (
        <li key={`${source.documentId}-${source.page ?? 0}-${index}`}>
          <Text size="xs" fw={700} c="gray.3">
            {source.documentName}
            {source.page !== null && `, ${strings.page(source.page)}`}
          </Text>
          <Text size="xs" c="gray.4" className="chat-message-source-snippet">
            «{source.snippet}»
          </Text>
        </li>
      ))}
    </ol>
  );
}

/** 'Fuentes' and, once opened, the list under the answer; nothing when the answer has no sources. */
export function useMessageSources(sources: MessageSource[] | undefined) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!sources || sources.length === 0) return null;
  return {
    button: <SourcesButton open={open} onToggle={() => setOpen((value) => !value)} controls={id} count={sources.length} />,
    list: open ? <SourcesList id={id} sources={sources} /> : null,
  };
}
