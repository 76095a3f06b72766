import { ActionIcon, CloseButton, FileButton, Group, Loader, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type RefObject } from 'react';
import { useFormLimits } from '../../../shared/config';
import { AppButton } from '../../../shared/ui';
import { type SentAttachment, useUploadChatFile } from '../api/chatAttachments';
import { chatStrings } from '../strings';

const strings = chatStrings.composer;

/** What the picker offers: the documents the server reads (it decides by content, not by name). */
const ACCEPTED_DOCUMENTS = [
  '.pdf',
  '.docx',
  '.txt',
  '.md',
  '.markdown',
  '.html',
  '.htm',
  '.csv',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/markdown',
  'text/html',
  'text/csv',
].join(',');

export interface ChatComposerProps {
  /** The message, and the documents attached to it (uploaded already). */
  onSend: (text: string, attachments: SentAttachment[]) => void;
  onStop: () => void;
  /** A reply is streaming in: the button becomes 'Detener'. */
  streaming: boolean;
  disabled?: boolean;
}

interface Attachment {
  key: number;
  name: string;
  /** Set once uploaded. */
  fileId: string | null;
}

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

function PaperclipIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M21.44 11.05l-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48" />
    </svg>
  );
}

/** The server's Spanish reason (the API client puts it in the error), or a generic one. */
const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : strings.uploadError);

/**
 * The message box: Enter sends, Shift+Enter adds a line; 'Detener' while a reply streams in. The
 * paperclip ('Adjuntar archivo', or dropping files on the box) uploads documents at once; each
 * shows as a chip with its name until it is sent with the next message or removed.
 */
export function ChatComposer({ onSend, onStop, streaming, disabled = false }: ChatComposerProps) {
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [attachError, setAttachError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  const form = useRef<HTMLFormElement>(null);
  useOpenerLift(form);
  const upload = useUploadChatFile();
  // The deployment's limit (GET /api/config), checked before uploading; the server enforces it.
  const maxBytes = useFormLimits()?.knowledge?.fileBytes.max;
  const uploading = attachments.some((attachment) => attachment.fileId === null);
  const canSend = !disabled && !streaming && !uploading && text.trim() !== '';

  const send = () => {
    if (!canSend) return;
    onSend(
      text.trim(),
      attachments.flatMap((attachment) => (attachment.fileId === null ? [] : [{ fileId: attachment.fileId, name: attachment.name }])),
    );
    setText('');
    setAttachments([]);
    setAttachError(null);
  };

  // One file after another: each gets its own answer (attached, or why not).
  const attach = async (files: File[]) => {
    setAttachError(null);
    for (const file of files) {
      const refused =
        file.type.startsWith('image/') ? strings.notDocument
        : maxBytes !== undefined && file.size > maxBytes ? strings.tooLarge(Math.round(maxBytes / (1024 * 1024)))
        : file.size === 0 ? strings.emptyFile
        : null;
      if (refused) {
        setAttachError(strings.attachFailed(file.name, refused));
        continue;
      }
      const key = nextKey.current++;
      setAttachments((current) => [...current, { key, name: file.name, fileId: null }]);
      try {
        const { fileId } = await upload.mutateAsync(file);
        setAttachments((current) => current.map((attachment) => (attachment.key === key ? { ...attachment, fileId } : attachment)));
      } catch (error) {
        setAttachments((current) => current.filter((attachment) => attachment.key !== key));
        setAttachError(strings.attachFailed(file.name, reasonOf(error)));
      }
    }
  };

  const remove = (key: number) => setAttachments((current) => current.filter((attachment) => attachment.key !== key));

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');
  const onDragOver = (event: DragEvent<HTMLFormElement>) => {
    if (disabled || !hasFiles(event)) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLFormElement>) => {
    if (disabled || !hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    void attach(Array.from(event.dataTransfer.files));
  };

  return (
    <form
      ref={form}
      className={dragging ? 'chat-composer chat-composer--dragging' : 'chat-composer'}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {dragging && (
        <Text size="sm" c="dimmed" className="chat-composer-drop">
          {strings.dropHere}
        </Text>
      )}
      {attachments.length > 0 && (
        <ul className="chat-attachments" aria-label={strings.attachments}>
          {attachments.map((attachment) => (
            <li key={attachment.key} className="chat-attachment">
              {attachment.fileId === null ? (
                <>
                  <Loader size={12} aria-hidden="true" />
                  <span role="status">{strings.uploading(attachment.name)}</span>
                </>
              ) : (
                <span className="chat-attachment-name">{attachment.name}</span>
              )}
              <CloseButton size="sm" aria-label={strings.removeAttachment(attachment.name)} onClick={() => remove(attachment.key)} />
            </li>
          ))}
        </ul>
      )}
      {attachError && (
        <Text size="sm" c="red" role="alert" className="chat-attach-error">
          {attachError}
        </Text>
      )}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <FileButton onChange={(files) => void attach(files)} accept={ACCEPTED_DOCUMENTS} multiple disabled={disabled}>
          {(props) => (
            <ActionIcon {...props} variant="subtle" size="lg" aria-label={strings.attach} title={strings.attach} disabled={disabled}>
              <PaperclipIcon />
            </ActionIcon>
          )}
        </FileButton>
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
