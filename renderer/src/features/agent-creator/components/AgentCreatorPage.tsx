import './agentCreator.css';
import { Alert, Anchor, Center, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { useModelCatalogue, type CatalogueState } from '../../../shared/models';
import { AppButton } from '../../../shared/ui/AppButton';
import { Spinner } from '../../../shared/ui/Spinner';
import { useToast } from '../../../shared/ui/toast';
import {
  useCreatorConversation,
  useCreatorStatus,
  useCreatorTalk,
  useSaveDraft,
  type AgentDraft,
  type CreatorConversation,
  type SavedAgent,
} from '../api/agentCreatorQueries';
import { agentCreatorStrings } from '../strings';
import type { ChatLine } from '../types';
import { isSavable, mergeReplyDraft, newMessageId } from '../utils/draft';
import { DraftEditor } from './DraftEditor';
import { TalkThread } from './TalkThread';

const strings = agentCreatorStrings;

export interface AgentCreatorPageProps {
  /** An existing agent to change (its creator or an admin); none: a new one. */
  agentId?: string;
  /** A creator conversation to reopen (its draft and messages); none: the one under way, if any. */
  conversationId?: string;
}

const errorText = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback);

/**
 * /agent-creator and /agent-creator/{agentId}: a chat with the creator assistant on the left and
 * the live draft on the right (stacked on phones). Each turn sends the draft as it is on screen,
 * hand edits included; the model's new draft replaces it, except for fields edited meanwhile.
 */
export function AgentCreatorPage(props: AgentCreatorPageProps) {
  // Asked for at once, beside the creator's state (the picker waits for it, not the page).
  const catalogue = useModelCatalogue();
  const status = useCreatorStatus();
  // The conversation under way (or the agent's, or the one reopened), with its draft as it last stood.
  const existing = useCreatorConversation({ agentId: props.agentId, conversationId: props.conversationId });
  const loads = [status, existing];
  // Once loaded, the draft is the user's: a later reload (another screen changed the agent) does not replace it.
  const failed = loads.find((load) => load.data === undefined && load.error && !load.isFetching);

  if (failed) {
    // The creator's or an admin's only: a refusal (403) or a missing agent (404) stays so.
    const final = isApiError(failed.error) && (failed.error.status === 403 || failed.error.status === 404);
    return (
      <Alert color="red" m="md" role="alert" title={strings.page.loadError}>
        <Group justify="space-between">
          <Text size="sm">{errorText(failed.error, strings.page.loadError)}</Text>
          {!final && (
            <AppButton size="xs" onClick={() => loads.filter((load) => load.error).forEach((load) => void load.refetch())}>
              {strings.page.retry}
            </AppButton>
          )}
        </Group>
      </Alert>
    );
  }
  if (!status.data || !existing.data) {
    return (
      <Center py="xl" aria-busy>
        <Spinner label={strings.page.loading} />
      </Center>
    );
  }
  return (
    <CreatorWorkspace agentId={props.agentId} catalogue={catalogue} conversation={existing.data} modelAvailable={status.data.modelAvailable} />
  );
}

interface CreatorWorkspaceProps {
  agentId?: string;
  /** Where the creator stands: the conversation so far (if any) and the draft to start from. */
  conversation: CreatorConversation;
  modelAvailable: boolean;
  catalogue: CatalogueState;
}

/** A message whose turn failed: stored by the server, sent again with the same id by 'Reintentar'. */
interface FailedTurn {
  message: string;
  messageId: string;
  error: string;
}

const toLine = (message: CreatorConversation['messages'][number]): ChatLine => ({
  id: message.id,
  role: message.role,
  content: message.content,
  notice: message.status === 'failed',
});

/** The chat and the draft, once loaded: from then on the draft is the user's (and the model's). */
function CreatorWorkspace({ agentId: routeAgentId, conversation, modelAvailable: modelAvailableAtStart, catalogue }: CreatorWorkspaceProps) {
  const toast = useToast();
  const talk = useCreatorTalk();
  const saveDraft = useSaveDraft();
  const initialDraft = conversation.draft;
  // The agent being changed: the route's, or the one this conversation changes or created.
  const agentId = routeAgentId ?? conversation.agentId ?? undefined;
  // The draft, edited by hand and by the model's replies.
  const form = useForm<AgentDraft>({ initialValues: initialDraft });
  const draft = form.getValues();
  const [modelAvailable, setModelAvailable] = useState(modelAvailableAtStart);
  const [lines, setLines] = useState<ChatLine[]>(() => [
    { id: 'welcome', role: 'assistant', content: agentId ? strings.page.editWelcome(initialDraft.name) : strings.page.welcome },
    ...conversation.messages.map(toLine),
  ]);
  const [saved, setSaved] = useState<SavedAgent | null>(null);
  const [failed, setFailed] = useState<FailedTurn | null>(null);
  // The model answered in prose: the draft did not change with the last reply.
  const [draftUnchanged, setDraftUnchanged] = useState(false);
  const conversationId = useRef<string | undefined>(conversation.conversationId ?? undefined);
  /** The agent being changed: the one in the route or the conversation, or the one just created here. */
  const targetId = agentId ?? saved?.id;

  const turn = async (message: string, messageId: string) => {
    const sentDraft = form.getValues();
    setFailed(null);
    setDraftUnchanged(false);
    try {
      const reply = await talk.mutateAsync({
        conversationId: conversationId.current,
        agentId: conversationId.current ? undefined : agentId,
        message,
        messageId,
        draft: sentDraft,
      });
      conversationId.current = reply.conversationId;
      setLines((current) => [...current, { id: reply.messageId, role: 'assistant', content: reply.reply, notice: !reply.modelAvailable }]);
      // Read when the reply arrives: the hand edits made meanwhile stay.
      if (reply.draftUpdated) form.setValues(mergeReplyDraft(sentDraft, form.getValues(), reply.draft));
      else if (reply.modelAvailable) setDraftUnchanged(true);
      if (!reply.modelAvailable) setModelAvailable(false);
    } catch (error) {
      // The server kept the message (and the conversation): it stays in the thread, to send again or go on with the form.
      setFailed({ message, messageId, error: errorText(error, strings.chat.sendError) });
    }
  };

  const send = async (message: string): Promise<boolean> => {
    const messageId = newMessageId();
    setLines((current) => [...current, { id: messageId, role: 'user', content: message }]);
    await turn(message, messageId);
    return true;
  };

  const save = async () => {
    try {
      const agent = await saveDraft.mutateAsync({ agentId: targetId, draft, conversationId: conversationId.current });
      toast.success(targetId ? strings.draft.saved(agent.name) : strings.draft.created(agent.name));
      setSaved(agent);
    } catch (error) {
      toast.error(errorText(error, strings.draft.saveError));
    }
  };

  const editing = agentId !== undefined;
  const advancedPath = targetId ? `/edit-advanced-agent/${encodeURIComponent(targetId)}` : '/create-advanced-agent';
  // The form opens with what the draft holds (its screen reads it from the route's state). It sits
  // on the alerts' dark yellow or red: indigo.2 keeps AA there (the outline's indigo.4 is 3.8:1).
  const formLink = (
    <AppButton component={Link} to={advancedPath} state={{ draft }} variant="outline" size="xs" c="indigo.2">
      {targetId ? strings.chat.editWithForm : strings.chat.createWithForm}
    </AppButton>
  );

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
      {!modelAvailable && (
        <Alert color="yellow" variant="light" data-testid="creator-no-model">
          <Text size="sm">{strings.page.noModel}</Text>
          {/* indigo.2: AA contrast on the yellow alert's dark background (indigo.4 is 3.8:1 there). */}
          <Anchor component={Link} to={advancedPath} state={{ draft }} size="sm" fw={600} c="indigo.2">
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
              busy={talk.isPending}
              busyText={strings.chat.thinking}
              disabled={!modelAvailable}
              input={{ label: strings.chat.inputLabel, placeholder: strings.chat.placeholder, send: strings.chat.send }}
              onSend={send}
            />
            {failed && (
              <Alert color="red" mt="sm" role="alert">
                <Text size="sm">{failed.error}</Text>
                <Group gap="xs" mt="xs">
                  <AppButton size="xs" onClick={() => void turn(failed.message, failed.messageId)} disabled={talk.isPending}>
                    {strings.chat.retry}
                  </AppButton>
                  {formLink}
                </Group>
              </Alert>
            )}
            {draftUnchanged && !failed && (
              <Alert color="yellow" variant="light" mt="sm" data-testid="creator-draft-unchanged">
                <Text size="sm">{strings.chat.draftUnchanged}</Text>
                <Group gap="xs" mt="xs">
                  {formLink}
                </Group>
              </Alert>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="md">
            <DraftEditor form={form} catalogue={catalogue} />
            <Group mt="md" gap="sm">
              <AppButton onClick={() => void save()} disabled={saveDraft.isPending || !isSavable(draft)} loading={saveDraft.isPending}>
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
