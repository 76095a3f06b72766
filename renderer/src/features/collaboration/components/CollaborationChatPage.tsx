import './collaboration.css';
import { Alert, Center, Paper, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useAtom } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { AppButton, KnowledgeSources, LoadStatus, Spinner } from '../../../shared/ui';
import { MarkdownText } from '../../../shared/ui/MarkdownText';
import {
  useCollaborationConversation,
  useCreateConversation,
  useFlowTemplates,
  useRunFlow,
  useStartSession,
  type CollaborationConversation,
  type CollaborationSession,
  type StoredMessage,
} from '../api/collaborationQueries';
import { currentTeamAtom, turnsAtom, type CollaborationTurn } from '../state/collaborationAtoms';
import { collaborationStrings } from '../strings';
import type { ChatEcosystem, PickableAgent } from '../types';
import { AgentPicker } from './AgentPicker';
import { SessionActions } from './SessionActions';
import { SessionView } from './SessionView';
import { sessionIdOf, storedTurns } from '../utils/conversation';

const strings = collaborationStrings;
const NEW = 'new';

const errorText = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback);

/** A stored message as the conversation keeps it: the user's question, or the team's answer with who contributed. */
function StoredMessageView({ message }: { message: StoredMessage }) {
  const label = message.role === 'user' ? strings.you : strings.result.title;
  const by = message.role === 'assistant' ? message.metadata?.agentName : undefined;
  return (
    <>
      <Text size="xs" fw={600} c="dimmed">
        {label}
      </Text>
      <MarkdownText>{message.content}</MarkdownText>
      {message.role === 'assistant' && <KnowledgeSources sources={message.metadata?.sources} />}
      {by && (
        <Text size="xs" c="dimmed">
          {strings.result.by(by)}
        </Text>
      )}
    </>
  );
}

function StoredHistory({ messages }: { messages: StoredMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <ol className="collaboration-history" aria-label={strings.flowTitle}>
      {messages.map((message) => (
        <li key={message.id} className={`collaboration-message collaboration-message-${message.role}`}>
          <StoredMessageView message={message} />
        </li>
      ))}
    </ol>
  );
}

/** A question of the conversation: asked in this visit, or stored (its answer stands in if the server no longer has the session). */
interface ShownTurn extends CollaborationTurn {
  storedAnswer?: StoredMessage;
}

function TurnView({ turn, onReplay }: { turn: ShownTurn; onReplay: (replay: CollaborationSession) => void }) {
  const actions = (session: CollaborationSession, replayable: boolean) => (
    <SessionActions session={session} onReplay={replayable ? onReplay : undefined} />
  );
  const fallback = turn.storedAnswer ? (
    <div className="collaboration-message collaboration-message-assistant">
      <StoredMessageView message={turn.storedAnswer} />
    </div>
  ) : undefined;
  return (
    <li className="collaboration-turn">
      <Paper className="collaboration-message collaboration-message-user" p="sm">
        <Text size="xs" fw={600} c="dimmed">
          {strings.you}
        </Text>
        <Text size="sm">{turn.query}</Text>
      </Paper>
      {turn.replayId ? (
        <section aria-label={strings.result.compareTitle}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="xs" component="section" aria-label={strings.result.original}>
              <Title order={2} fz="md">
                {strings.result.original}
              </Title>
              <SessionView sessionId={turn.sessionId} fallback={fallback} />
            </Stack>
            <Stack gap="xs" component="section" aria-label={strings.result.replayRun}>
              <Title order={2} fz="md">
                {strings.result.replayRun}
              </Title>
              <SessionView sessionId={turn.replayId} renderActions={(session) => actions(session, false)} />
            </Stack>
          </SimpleGrid>
        </section>
      ) : (
        <SessionView sessionId={turn.sessionId} renderActions={(session) => actions(session, true)} fallback={fallback} />
      )}
    </li>
  );
}

export interface CollaborationChatPageProps {
  /** /chat/{id} of a flow or ecosystem conversation; without it, a new 'Flujo de Agentes'. */
  conversationId?: string;
  /** The user's team ('Mis Agentes'), supplied by the app from the team feature. */
  agents: PickableAgent[];
  /** Agents chosen before (/start-team-chat): they start selected. */
  initialSelection?: string[];
  /** An ecosystem chat: its agents answer every message; there is no picker. */
  ecosystem?: ChatEcosystem | null;
  formatCategory?: (category: string) => string;
  /** Above the page, e.g. the app's notices. */
  header?: ReactNode;
  /** A conversation was created here (the app lists it in the sidebar). */
  onConversationCreated?: (conversation: CollaborationConversation) => void;
}

/**
 * /chat?flow=true and flow or ecosystem conversations: pick the team, ask, follow each session's
 * steps as they stream in, and read the team's answer with every agent's part attributed.
 */
export function CollaborationChatPage({
  conversationId,
  agents,
  initialSelection,
  ecosystem,
  formatCategory,
  header,
  onConversationCreated,
}: CollaborationChatPageProps) {
  const navigate = useNavigate();
  const [allTurns, setAllTurns] = useAtom(turnsAtom);
  const [team, setTeam] = useAtom(currentTeamAtom);
  const [query, setQuery] = useState('');
  const [tried, setTried] = useState(false);
  const [queryError, setQueryError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const conversationLoad = useCollaborationConversation(conversationId);
  const conversation = conversationId ? (conversationLoad.data ?? null) : null;
  // Templates are offered in flow chats only.
  const templatesLoad = useFlowTemplates(!ecosystem);
  const templates = templatesLoad.data ?? [];
  const template = templates.find((item) => item.id === templateId) ?? null;
  const createConversation = useCreateConversation();
  const startSession = useStartSession();
  const runFlow = useRunFlow();

  useEffect(() => {
    if (initialSelection && initialSelection.length > 0) setTeam(initialSelection);
  }, [initialSelection, setTeam]);

  const key = conversationId ?? NEW;
  const visitTurns = allTurns[key] ?? [];
  // The questions stored in the conversation (the server stores each query and the team's answer
  // under the session's id) are shown as their sessions, with the log, 'Repetir' and 'Guardar como
  // ecosistema', as in the visit they were asked in; then the ones asked in this visit.
  const stored = storedTurns(conversation?.messages ?? []);
  const turns: ShownTurn[] = [
    ...stored.map((item) => ({
      query: item.query.content,
      sessionId: item.sessionId,
      storedAnswer: item.answer,
      replayId: visitTurns.find((turn) => turn.sessionId === item.sessionId)?.replayId,
    })),
    ...visitTurns.filter((turn) => !stored.some((item) => item.sessionId === turn.sessionId)),
  ];
  const isEcosystem = Boolean(ecosystem) || conversation?.metadata.isEcosystemChat === true;
  const selected = ecosystem ? ecosystem.agentIds : team.filter((id) => agents.some((agent) => agent.id === id));
  // Any other stored message (none of a session shown above).
  const history = (conversation?.messages ?? []).filter((message) => {
    const sessionId = sessionIdOf(message);
    return !sessionId || !turns.some((turn) => turn.sessionId === sessionId || turn.replayId === sessionId);
  });

  const setTurns = (id: string, update: (turns: CollaborationTurn[]) => CollaborationTurn[]) =>
    setAllTurns((current) => ({ ...current, [id]: update(current[id] ?? []) }));

  const send = async () => {
    setTried(true);
    const text = query.trim();
    if (selected.length === 0 && !template) return;
    if (!text) {
      setQueryError(strings.composer.emptyQuery);
      return;
    }
    setQueryError(null);
    setSending(true);
    setError(null);
    try {
      let id = conversationId;
      if (!id) {
        const created = await createConversation.mutateAsync(
          ecosystem
            ? { title: strings.ecosystem.title(ecosystem.name), metadata: { isEcosystemChat: true, ecosystemId: ecosystem.id } }
            : { metadata: { fromFlow: true } },
        );
        id = created.id;
        onConversationCreated?.(created);
      }
      const session = template
        ? await runFlow.mutateAsync({ flowId: template.id, query: text, conversationId: id })
        : await startSession.mutateAsync({
            agentIds: selected,
            query: text,
            conversationId: id,
            ...(ecosystem ? { ecosystemId: ecosystem.id } : {}),
          });
      setTurns(id, (current) => [...current, { query: text, sessionId: session.id }]);
      setQuery('');
      setTried(false);
      if (!conversationId) navigate(`/chat/${encodeURIComponent(id)}`, { replace: true });
    } catch (cause) {
      setError(errorText(cause, strings.errors.start));
    } finally {
      setSending(false);
    }
  };

  const title = conversation?.title ?? (ecosystem ? strings.ecosystem.title(ecosystem.name) : strings.flowTitle);

  const conversationError = conversationLoad.isError && !conversationLoad.isFetching ? errorText(conversationLoad.error, strings.errors.conversation) : null;
  const retryConversation = () => void conversationLoad.refetch();
  if (conversationId && !conversation) {
    if (conversationError) {
      return (
        <Alert color="red" role="alert" title={strings.errors.conversation} m="md">
          <Text size="sm" mb="xs">
            {conversationError}
          </Text>
          <AppButton size="xs" variant="outline" onClick={retryConversation}>
            {strings.errors.retry}
          </AppButton>
        </Alert>
      );
    }
    // Right after the first question the conversation is read: its run stays on screen meanwhile.
    if (turns.length === 0) {
      return (
        <Center py="xl">
          <Spinner size="sm" label={strings.flowTitle} />
        </Center>
      );
    }
  }

  return (
    <div className="collaboration-page">
      {header}
      <header className="collaboration-header">
        <Title order={1} fz="lg">
          {title}
        </Title>
        {ecosystem && ecosystem.agentIds.length > 0 && (
          <Text size="sm" c="dimmed">
            {strings.ecosystem.welcome}
          </Text>
        )}
      </header>
      <div className="collaboration-body">
        {!isEcosystem && (
          <aside className="collaboration-picker">
            <Stack gap="md">
              {templatesLoad.isError && (
                <LoadStatus
                  error={templatesLoad.isFetching ? null : `${strings.templates.loadError} ${errorText(templatesLoad.error, '')}`.trim()}
                  loadingText={strings.templates.loading}
                  retryText={strings.errors.retry}
                  onRetry={() => void templatesLoad.refetch()}
                />
              )}
              {templates.length > 0 && (
                <Select
                  label={strings.templates.label}
                  description={template ? strings.templates.hint : undefined}
                  placeholder={strings.templates.none}
                  data={templates.map((item) => ({ value: item.id, label: item.name }))}
                  value={templateId}
                  onChange={setTemplateId}
                  clearable
                />
              )}
              {!template && (
                <AgentPicker
                  agents={agents}
                  selected={selected}
                  onChange={setTeam}
                  showEmpty={tried || turns.length === 0}
                  formatCategory={formatCategory}
                />
              )}
            </Stack>
          </aside>
        )}
        {isEcosystem && ecosystem && ecosystem.agentIds.length === 0 && (
          <Alert color="yellow" role="alert" title={strings.noAgents}>
            {strings.ecosystem.noAgents}
          </Alert>
        )}
        {isEcosystem && !ecosystem && (
          <Center py="md">
            <Spinner size="sm" label={strings.flowTitle} />
          </Center>
        )}
        <div className="collaboration-main">
          {conversation && conversationError && (
            <LoadStatus error={conversationError} loadingText={strings.flowTitle} retryText={strings.errors.retry} onRetry={retryConversation} />
          )}
          <StoredHistory messages={history} />
          {turns.length > 0 && (
            <ol className="collaboration-turns">
              {turns.map((turn) => (
                <TurnView
                  key={turn.sessionId}
                  turn={turn}
                  onReplay={(replay) =>
                    setTurns(key, (current) =>
                      current.some((item) => item.sessionId === turn.sessionId)
                        ? current.map((item) => (item.sessionId === turn.sessionId ? { ...item, replayId: replay.id } : item))
                        : [...current, { query: turn.query, sessionId: turn.sessionId, replayId: replay.id }],
                    )
                  }
                />
              ))}
            </ol>
          )}
          {error && (
            <Alert color="red" role="alert" title={strings.errors.start}>
              <Text size="sm">{error}</Text>
            </Alert>
          )}
          <form
            className="collaboration-composer"
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <Textarea
              label={strings.composer.label}
              placeholder={strings.composer.placeholder}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              error={queryError}
              autosize
              minRows={2}
              maxRows={8}
            />
            <AppButton type="submit" mt="xs" loading={sending} disabled={selected.length === 0 && !template && (tried || isEcosystem)}>
              {strings.composer.send}
            </AppButton>
          </form>
        </div>
      </div>
    </div>
  );
}
