import './agentCreator.css';
import { Alert, Anchor, Center, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { useModelCatalogue } from '../../../shared/models';
import { AppButton } from '../../../shared/ui/AppButton';
import { Spinner } from '../../../shared/ui/Spinner';
import { useToast } from '../../../shared/ui/toast';
import { agentCreatorApi } from '../api/agentCreatorApi';
import { agentCreatorStrings } from '../strings';
import type { AgentDraft, ChatLine, SavedAgent } from '../types';
import { EMPTY_DRAFT, isSavable, mergeReplyDraft } from '../utils/draft';
import { DraftEditor } from './DraftEditor';
import { TalkThread } from './TalkThread';

const strings = agentCreatorStrings;

export interface AgentCreatorPageProps {
  /** An existing agent to change (its creator or an admin); none: a new one. */
  agentId?: string;
  /** After a save, so the app can refresh what lists the user's agents ('Mis Agentes'). */
  onSaved?: (agent: SavedAgent) => void;
  /** The marketplace's closed list of categories, with their Spanish labels. */
  categoryOptions: readonly { value: string; label: string }[];
}

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; modelAvailable: boolean };

const errorText = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback);

/**
 * /agent-creator and /agent-creator/{agentId}: a chat with the creator assistant on the left and
 * the live draft on the right (stacked on phones). Each turn sends the draft as it is on screen,
 * hand edits included; the model's new draft replaces it, except for fields edited meanwhile.
 */
export function AgentCreatorPage({ agentId, onSaved, categoryOptions }: AgentCreatorPageProps) {
  const toast = useToast();
  const catalogue = useModelCatalogue();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [draft, setDraft] = useState<AgentDraft>(EMPTY_DRAFT);
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [busy, setBusy] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<SavedAgent | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const conversationId = useRef<string | undefined>(undefined);
  // The draft as it is now, for a reply that arrives after more hand edits.
  const latestDraft = useRef(draft);
  latestDraft.current = draft;
  /** The agent being changed: the one in the route, or the one just created here. */
  const targetId = agentId ?? saved?.id;

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([agentCreatorApi.status(signal), agentId ? agentCreatorApi.agentDraft(agentId, signal) : null]).then(
      ([status, existing]) => {
        if (signal.aborted) return;
        const start = existing?.draft ?? status.draft;
        setDraft(start);
        setLines([{ id: 'welcome', role: 'assistant', content: existing ? strings.page.editWelcome(start.name) : strings.page.welcome }]);
        setLoad({ status: 'ready', modelAvailable: status.modelAvailable });
      },
      (error: unknown) => {
        if (!signal.aborted) setLoad({ status: 'error', message: errorText(error, strings.page.loadError) });
      },
    );
    return () => controller.abort();
  }, [agentId]);

  const send = async (message: string): Promise<boolean> => {
    const sentDraft = latestDraft.current;
    setBusy(true);
    setSendError(null);
    setLines((current) => [...current, { id: `local-${Date.now()}`, role: 'user', content: message }]);
    try {
      const reply = await agentCreatorApi.talk({
        conversationId: conversationId.current,
        agentId: conversationId.current ? undefined : agentId,
        message,
        draft: sentDraft,
      });
      conversationId.current = reply.conversationId;
      setLines((current) => [...current, { id: reply.messageId, role: 'assistant', content: reply.reply, notice: !reply.modelAvailable }]);
      if (reply.modelAvailable) setDraft(mergeReplyDraft(sentDraft, latestDraft.current, reply.draft));
      else setLoad({ status: 'ready', modelAvailable: false });
      return true;
    } catch (error) {
      // The server kept the message; the text also stays in the box to send again.
      setLines((current) => current.slice(0, -1));
      setSendError(errorText(error, strings.chat.sendError));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    setSaving(true);
    try {
      const agent = targetId
        ? await agentCreatorApi.update(targetId, draft, conversationId.current)
        : await agentCreatorApi.create(draft, conversationId.current);
      toast.success(targetId ? strings.draft.saved(agent.name) : strings.draft.created(agent.name));
      setSaved(agent);
      onSaved?.(agent);
    } catch (error) {
      toast.error(errorText(error, strings.draft.saveError));
    } finally {
      setSaving(false);
    }
  };

  if (load.status === 'loading') {
    return (
      <Center py="xl" aria-busy>
        <Spinner label={strings.page.loading} />
      </Center>
    );
  }
  if (load.status === 'error') {
    return (
      <Alert color="red" m="md" role="alert" title={strings.page.loadError}>
        {load.message}
      </Alert>
    );
  }

  const editing = agentId !== undefined;
  const advancedPath = agentId ? `/edit-advanced-agent/${encodeURIComponent(agentId)}` : '/create-advanced-agent';

  return (
    <Stack gap="md" p={{ base: 'sm', sm: 'md' }} className="agent-creator">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {editing ? strings.page.editTitle(draft.name) : strings.page.createTitle}
        </Title>
        <Text c="dimmed" size="sm">
          {strings.page.intro}
        </Text>
      </Stack>
      {!load.modelAvailable && (
        <Alert color="yellow" variant="light" data-testid="creator-no-model">
          <Text size="sm">{strings.page.noModel}</Text>
          {/* indigo.2: AA contrast on the yellow alert's dark background (indigo.4 is 3.8:1 there). */}
          <Anchor component={Link} to={advancedPath} size="sm" fw={600} c="indigo.2">
            {strings.page.advancedForm}
          </Anchor>
        </Alert>
      )}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="sm" component="section" aria-label={strings.chat.label}>
            <TalkThread
              label={strings.chat.label}
              lines={lines}
              names={{ user: strings.chat.you, assistant: strings.chat.assistant }}
              busy={busy}
              busyText={strings.chat.thinking}
              disabled={!load.modelAvailable}
              input={{ label: strings.chat.inputLabel, placeholder: strings.chat.placeholder, send: strings.chat.send }}
              onSend={send}
            />
            {sendError && (
              <Alert color="red" mt="sm" role="alert">
                {sendError}
              </Alert>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="md">
            <DraftEditor draft={draft} onChange={setDraft} categoryOptions={categoryOptions} catalogue={catalogue} />
            <Group mt="md" gap="sm">
              <AppButton onClick={() => void save()} disabled={saving || !isSavable(draft)} loading={saving}>
                {targetId ? strings.draft.saveChanges : strings.draft.create}
              </AppButton>
              {saved && (
                <>
                  <AppButton component={Link} to={`/chat?agent=${encodeURIComponent(saved.id)}`} variant="outline">
                    {strings.draft.openChat}
                  </AppButton>
                  <Anchor component={Link} to={`/agentes/${encodeURIComponent(saved.id)}`} size="sm">
                    {strings.draft.viewAgent}
                  </Anchor>
                </>
              )}
            </Group>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
