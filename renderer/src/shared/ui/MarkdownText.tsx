import { Anchor } from '@mantine/core';
import './MarkdownText.css';
import Markdown from 'markdown-to-jsx/react';
import { Children, isValidElement, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { uiStrings } from './strings';

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

/** The plain text inside rendered markdown (a code block's <code> and its children). */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

const COPIED_FEEDBACK_MS = 1500;

/** A fenced code block with its language (when given) and a copy button. */
function CodeBlock({ children }: { children?: ReactNode }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const code = Children.toArray(children)[0];
  const className = isValidElement<{ className?: string }>(code) ? (code.props.className ?? '') : '';
  const language = /(?:^|\s)lang(?:uage)?-(\S+)/.exec(className)?.[1];

  const copy = () => {
    const text = textOf(children).replace(/\n$/, '');
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
    <div className="app-markdown-code">
      <div className="app-markdown-code-bar">
        <span>{language ?? ''}</span>
        <button type="button" className="app-markdown-copy" onClick={copy} aria-label={uiStrings.copyCode}>
          {copied ? uiStrings.copied : uiStrings.copyCode}
        </button>
      </div>
      <pre>{children}</pre>
    </div>
  );
}

const OPTIONS = {
  // Text from a model or an article is never HTML: raw tags show as text, never as elements.
  disableParsingRawHTML: true,
  forceBlock: true,
  overrides: {
    a: { component: MarkdownLink },
    img: { component: () => null },
    pre: { component: CodeBlock },
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
