import './chat.css';
import { Button, Group, Loader, Menu, Stack, Text, TextInput } from '@mantine/core';
import { useAtom, useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton, AppModal, useAppModal } from '../../../shared/ui';
import { useConversations, type Conversation } from '../api/chatQueries';
import { useConversationActions } from '../hooks/useConversationActions';
import { chatOwnerAtom, conversationSearchAtom } from '../state/chatAtoms';
import { chatStrings } from '../strings';
import { groupConversations } from '../utils/conversations';
import { ConversationRow } from './ConversationRow';

const strings = chatStrings.sidebar;

function ConfirmDeleteActions({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const { close } = useAppModal();
  const [busy, setBusy] = useState(false);
  return (
    <Group justify="flex-end" gap="xs" mt="lg">
      <AppButton variant="outline" onClick={close} disabled={busy}>
        {strings.cancel}
      </AppButton>
      <AppButton
        variant="danger"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          await onConfirm();
          setBusy(false);
          close();
        }}
      >
        {strings.delete}
      </AppButton>
    </Group>
  );
}

function Group_({ title, items, onDelete }: { title: string; items: Conversation[]; onDelete: (c: Conversation) => void }) {
  const actions = useConversationActions();
  if (items.length === 0) return null;
  return (
    <section aria-label={title}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" className="chat-sidebar-group-title">
        {title}
      </Text>
      <ul className="chat-conversation-list" aria-label={title}>
        {items.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            onRename={(draft) => actions.rename(conversation.id, draft, conversation.title)}
            onDelete={() => onDelete(conversation)}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * The sidebar's conversations: search (case-insensitive on the title), the new-action menu, the
 * 'Asistente Principal' and 'Chats con Agentes' groups (newest first), rename and delete.
 * Renders nothing for visitors.
 */
export function ConversationsSidebar() {
  const owner = useAtomValue(chatOwnerAtom);
  const { productName } = useRuntimeConfig();
  const [query, setQuery] = useAtom(conversationSearchAtom);
  const list = useConversations();
  const all = list.data;
  const groups = useMemo(() => groupConversations(all ?? [], query), [all, query]);
  const actions = useConversationActions();
  const navigate = useNavigate();
  const location = useLocation();
  const [toDelete, setToDelete] = useState<Conversation | null>(null);

  if (owner.status !== 'user') return null;

  const empty = groups.main.length === 0 && groups.agent.length === 0;

  const confirmDelete = async () => {
    if (!toDelete) return;
    const { id } = toDelete;
    const removed = await actions.remove(id);
    if (!removed) return;
    if (location.pathname === `/chat/${encodeURIComponent(id)}` || location.pathname === `/chat/${id}`) {
      navigate('/chat', { replace: true });
    }
  };

  return (
    <Stack gap={6} className="chat-sidebar" component="section" aria-label={strings.conversations}>
      <Group gap={6} wrap="nowrap">
        <TextInput
          type="search"
          aria-label={strings.search}
          placeholder={strings.search}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          size="xs"
          style={{ flex: 1 }}
        />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" color="indigo" aria-label={strings.newMenuLabel} px={10}>
              +
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => navigate('/chat')}>{strings.chatWithProduct(productName)}</Menu.Item>
            <Menu.Item onClick={() => navigate('/agent-creator')}>{strings.createAdvancedAgent}</Menu.Item>
            <Menu.Item onClick={() => navigate('/create-advanced-agent')}>{strings.createWithForm}</Menu.Item>
            <Menu.Item onClick={() => navigate('/start-team-chat')}>{strings.teamChat}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {all === undefined && !(list.error && !list.isFetching) ? (
        <Group gap="xs" px={6} py={4}>
          <Loader size="xs" />
          <Text size="xs" c="dimmed">
            {strings.loading}
          </Text>
        </Group>
      ) : all === undefined ? (
        <Stack gap={4} px={6}>
          <Text size="xs" c="red.4">
            {strings.loadError}
          </Text>
          <AppButton size="compact-xs" variant="outline" onClick={() => void list.refetch()}>
            {strings.retry}
          </AppButton>
        </Stack>
      ) : empty ? (
        <Text size="sm" c="dimmed" px={6} py={4}>
          {strings.empty}
        </Text>
      ) : (
        <>
          <Group_ title={strings.mainGroup(groups.main.length)} items={groups.main} onDelete={setToDelete} />
          <Group_ title={strings.agentGroup(groups.agent.length)} items={groups.agent} onDelete={setToDelete} />
        </>
      )}
      <AppModal opened={toDelete !== null} onClose={() => setToDelete(null)} title={strings.confirmDelete}>
        {toDelete && (
          <>
            <Text size="sm">{strings.confirmDeleteText(toDelete.title)}</Text>
            <ConfirmDeleteActions onConfirm={confirmDelete} />
          </>
        )}
      </AppModal>
    </Stack>
  );
}
