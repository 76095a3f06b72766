import { ActionIcon, Group, Menu, TextInput } from '@mantine/core';
import { useState } from 'react';
import { NavLink as RouterNavLink } from 'react-router-dom';
import type { Conversation } from '../api/chatQueries';
import { chatStrings } from '../strings';
import { useFormLimits } from '../../../shared/config';

const strings = chatStrings.sidebar;

export interface ConversationRowProps {
  conversation: Conversation;
  /** Resolves true once saved; the row leaves renaming either way except on a failed save. */
  onRename: (draft: string) => Promise<boolean>;
  onDelete: () => void;
}

/** One conversation in the sidebar: a link, or the rename box (Enter saves, Escape or ✕ reverts). */
export function ConversationRow({ conversation, onRename, onDelete }: ConversationRowProps) {
  const formLimits = useFormLimits();
  const [mode, setMode] = useState<'normal' | 'renaming'>('normal');
  const [draft, setDraft] = useState(conversation.title);
  const [saving, setSaving] = useState(false);
  // The menu gives the focus back to its ⋯ button as it closes; opening the confirmation only once
  // it has closed keeps that from pulling the focus out of the modal.
  const [deleteChosen, setDeleteChosen] = useState(false);
  const openChosenConfirmation = () => {
    if (!deleteChosen) return;
    setDeleteChosen(false);
    onDelete();
  };

  const startRename = () => {
    setDraft(conversation.title);
    setMode('renaming');
  };
  const cancel = () => {
    setDraft(conversation.title);
    setMode('normal');
  };
  const save = async () => {
    if (saving) return;
    // A blank trimmed title (or the same one) is not saved: the row goes back to the old title.
    if (draft.trim() === '' || draft.trim() === conversation.title) {
      cancel();
      return;
    }
    setSaving(true);
    const saved = await onRename(draft);
    setSaving(false);
    if (saved) setMode('normal');
  };

  if (mode === 'renaming') {
    return (
      <li>
        <Group gap={2} wrap="nowrap" className="chat-conversation-row">
          <TextInput
            aria-label={strings.renameLabel}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void save();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                cancel();
              }
            }}
            size="xs"
            maxLength={formLimits?.conversation.title.max}
            autoFocus
            disabled={saving}
            style={{ flex: 1 }}
          />
          <ActionIcon variant="subtle" color="indigo" aria-label={strings.save} onClick={() => void save()} loading={saving}>
            ✓
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" aria-label={strings.cancel} onClick={cancel} disabled={saving}>
            ✕
          </ActionIcon>
        </Group>
      </li>
    );
  }

  return (
    <li>
      <div className="chat-conversation-row">
        <RouterNavLink
          to={`/chat/${encodeURIComponent(conversation.id)}`}
          className="chat-conversation-link"
          title={conversation.title}
        >
          {conversation.title}
        </RouterNavLink>
        <Menu position="bottom-end" withinPortal onExitTransitionEnd={openChosenConfirmation}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={strings.actions(conversation.title)}>
              ⋯
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={startRename}>{strings.rename}</Menu.Item>
            <Menu.Item color="red.4" onClick={() => setDeleteChosen(true)}>
              {strings.delete}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </div>
    </li>
  );
}
