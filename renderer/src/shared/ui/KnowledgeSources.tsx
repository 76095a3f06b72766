import './KnowledgeSources.css';
import { Text, UnstyledButton } from '@mantine/core';
import { useId, useState } from 'react';
import type { components } from '../api';
import { uiStrings } from './strings';

/** Where a passage of an agent's documents came from (issue 32): what anyone who reads an answer may see, never the file. */
export type KnowledgeSource = components['schemas']['KnowledgeSourceDto'];

const strings = uiStrings.sources;

/** 'Fuentes': opens and closes the list it controls. */
export function SourcesButton({ open, onToggle, controls, count, className }: { open: boolean; onToggle: () => void; controls: string; count: number; className?: string }) {
  return (
    <UnstyledButton
      className={className ? `knowledge-sources-button ${className}` : 'knowledge-sources-button'}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      title={strings.count(count)}
    >
      {strings.button}
    </UnstyledButton>
  );
}

/** Each snippet with its document and page. */
export function SourcesList({ id, sources }: { id: string; sources: readonly KnowledgeSource[] }) {
  return (
    <ol id={id} className="knowledge-sources" aria-label={strings.button}>
      {sources.map((source, index) => (
        <li key={`${source.documentId}-${source.page ?? 0}-${index}`}>
          <Text size="xs" fw={700} c="gray.3">
            {source.documentName}
            {source.page !== null && `, ${strings.page(source.page)}`}
          </Text>
          <Text size="xs" c="gray.4" className="knowledge-source-snippet">
            «{source.snippet}»
          </Text>
        </li>
      ))}
    </ol>
  );
}

/**
 * The agent's passages behind an answer: 'Fuentes' and, once opened, the list, to place under the
 * answer; nothing when the answer has no sources.
 */
export function useKnowledgeSources(sources: readonly KnowledgeSource[] | undefined, buttonClassName?: string) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!sources || sources.length === 0) return null;
  return {
    button: <SourcesButton open={open} onToggle={() => setOpen((value) => !value)} controls={id} count={sources.length} className={buttonClassName} />,
    list: open ? <SourcesList id={id} sources={sources} /> : null,
  };
}

/** 'Fuentes' with its list below, as one block (for answers that have no row of actions of their own). */
export function KnowledgeSources({ sources }: { sources: readonly KnowledgeSource[] | undefined }) {
  const shown = useKnowledgeSources(sources);
  if (!shown) return null;
  return (
    <div className="knowledge-sources-block">
      {shown.button}
      {shown.list}
    </div>
  );
}
