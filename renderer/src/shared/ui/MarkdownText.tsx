import { Anchor } from '@mantine/core';
import './MarkdownText.css';
import Markdown from 'markdown-to-jsx/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** Paths inside the app navigate with the router; anything else opens in a new tab without an opener. */
function MarkdownLink({ href = '', children }: { href?: string; children?: ReactNode }) {
  if (isInternal(href)) {
    return (
      <Anchor component={Link} to={href}>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Anchor>
  );
}

const OPTIONS = {
  // Text from a model or an article is never HTML: raw tags show as text, never as elements.
  disableParsingRawHTML: true,
  forceBlock: true,
  overrides: {
    a: { component: MarkdownLink },
    img: { component: () => null },
  },
};

export interface MarkdownTextProps {
  children: string;
  className?: string;
}

/** Markdown rendered to React elements (markdown-to-jsx), with raw HTML and images turned off. */
export function MarkdownText({ children, className }: MarkdownTextProps) {
  return (
    <div className={className ? `app-markdown ${className}` : 'app-markdown'}>
      <Markdown options={OPTIONS}>{children}</Markdown>
    </div>
  );
}
