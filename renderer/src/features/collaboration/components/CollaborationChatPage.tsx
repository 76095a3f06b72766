import './collaboration.css';
import { Alert, Center, Paper, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useAtom } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { AppButton, Spinner } from '../../../shared/ui';
import { MarkdownText } from '../../../shared/ui/MarkdownText';
import { collaborationApi } from '../api/collaborationApi';
import { currentTeamAtom, turnsAtom, type CollaborationTurn } from '../state/collaborationAtoms';
import { collaborationStrings } from '../strings';
import type { ChatEcosystem, CollaborationConversation, CollaborationSession, FlowTemplate, PickableAgent, StoredMessage } from '../types';
import { AgentPicker } from './AgentPicker';
import { SessionActions } from './SessionActions';
import { SessionView } from './SessionView';

const strings = collaborationStrings;
const NEW = 'new';

const errorText = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback);

function StoredHistory({ messages }: { messages: StoredMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <ol className="collaboration-history" aria-label={strings.flowTitle}>
      {messages.map((message) => {
        const label = message.role === 'user' ? strings.you : strings.result.title;
        const by = message.role === 'assistant' ? message.metadata?.agentName : undefined;
        return (
          <li key={message.id} className={`collaboration-message collaboration-message-${message.role}`}>
            <Text size="xs" fw={600} c="dimmed">
              {label}
            </Text>
            <MarkdownText>{message.content}</MarkdownText>
            {by && (
              <Text size="xs" c="dimmed">
                {strings.result.by(by)}
              </Text>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function TurnView({
  turn,
  onFinished,
  onReplay,
}: {
  turn: CollaborationTurn;
  onFinished: (session: CollaborationSession) => void;
  onReplay: (replay: CollaborationSession) => void;
}) {
  const actions = (session: CollaborationSession, replayable: boolean) => (
    <SessionActions session={session} onReplay={replayable ? onReplay : undefined} />
  );
  return (
    <li className="collaboration-turn">
      <Paper className="collaboration-message collaboration-message-user" p="sm">
        <Text size="xs" fw={600} c="dimmed">
          {strings.you}
        </Text>
        <Text size="sm">{turn.query}</Text>
      </Paper>
      {turn.replay ? (
        <section aria-label={strings.result.compareTitle}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="xs" component="section" aria-label={strings.result.original}>
              <Title order={2} fz="md">
                {strings.result.original}
              </Title>
              <SessionView sessionId={turn.session.id} initial={turn.session} onFinished={onFinished} />
            </Stack>
            <Stack gap="xs" component="section" aria-label={strings.result.replayRun}>
              <Title order={2} fz="md">
                {strings.result.replayRun}
              </Title>
              <SessionView sessionId={turn.replay.id} initial={turn.replay} renderActions={(session) => actions(session, false)} />
            </Stack>
          </SimpleGrid>
        </section>
      ) : (
        <SessionView
          sessionId={turn.session.id}
          initial={turn.session}
          onFinished={onFinished}
          renderActions={(session) => actions(session, true)}
        />
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
  const [conversation, setConversation] = useState<CollaborationConversation | null>(null);
  const [loadState, setLoadState] = useState<'idle' | 'loading' | 'error'>(conversationId ? 'loading' : 'idle');
  const [reload, setReload] = useState(0);
  const [templates, setTemplates] = useState<FlowTemplate[]>([]);
  const [templateId, setTemplateId] = useState<string | null>(null);

  // Templates are offered in flow chats only; none (or an error) leaves the picker alone.
  useEffect(() => {
    if (ecosystem) return;
    const controller = new AbortController();
    collaborationApi.templates(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setTemplates(value);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [ecosystem]);
  const template = templates.find((item) => item.id === templateId) ?? null;

  useEffect(() => {
    if (initialSelection && initialSelection.length > 0) setTeam(initialSelection);
  }, [initialSelection, setTeam]);

  useEffect(() => {
    if (!conversationId) {
      setConversation(null);
      setLoadState('idle');
      return;
    }
    const controller = new AbortController();
    setLoadState('loading');
    collaborationApi.getConversation(conversationId, controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setConversation(value);
        setLoadState('idle');
      },
      () => {
        if (!controller.signal.aborted) setLoadState('error');
      },
    );
    return () => controller.abort();
  }, [conversationId, reload]);

  const key = conversationId ?? NEW;
  const turns = allTurns[key] ?? [];
  const isEcosystem = Boolean(ecosystem) || conversation?.metadata?.isEcosystemChat === true;
  const selected = ecosystem ? ecosystem.agentIds : team.filter((id) => agents.some((agent) => agent.id === id));
  // Messages stored before this visit (the server stores each query and the team's answer, ids
  // carrying the session's); the ones of this visit's turns are shown live instead.
  const history = (conversation?.messages ?? []).filter(
    (message) => !turns.some((turn) => message.id.includes(turn.session.id) || (turn.replay && message.id.includes(turn.replay.id))),
  );

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
        const created = await collaborationApi.createConversation(
          ecosystem
            ? { title: strings.ecosystem.title(ecosystem.name), metadata: { isEcosystemChat: true, ecosystemId: ecosystem.id } }
            : { metadata: { fromFlow: true } },
        );
        id = created.id;
        onConversationCreated?.(created);
      }
      const session = template
        ? await collaborationApi.runFlow(template.id, text, id)
        : await collaborationApi.start({
            agentIds: selected,
            query: text,
            conversationId: id,
            ...(ecosystem ? { ecosystemId: ecosystem.id } : {}),
          });
      setTurns(id, (current) => [...current, { query: text, session }]);
      setQuery('');
      setTried(false);
      if (!conversationId) navigate(`/chat/${encodeURIComponent(id)}`, { replace: true });
    } catch (cause) {
      setError(errorText(cause, strings.errors.start));
    } finally {
      setSending(false);
    }
  };

  const finished = (id: string) => (session: CollaborationSession) => {
    // Kept finished, so that a view mounted again (the side-by-side after 'Repetir') starts there.
    setTurns(id, (current) => current.map((turn) => (turn.session.id === session.id ? { ...turn, session } : turn)));
  };

  const title = conversation?.title ?? (ecosystem ? strings.ecosystem.title(ecosystem.name) : strings.flowTitle);

  // Right after the first question the conversation is read again: its run stays on screen meanwhile.
  if (loadState === 'loading' && turns.length === 0) {
    return (
      <Center py="xl">
        <Spinner size="sm" label={strings.flowTitle} />
      </Center>
    );
  }
  if (loadState === 'error') {
    return (
      <Alert color="red" role="alert" title={strings.errors.conversation} m="md">
        <AppButton size="xs" variant="outline" onClick={() => setReload((value) => value + 1)}>
          {strings.errors.retry}
        </AppButton>
      </Alert>
    );
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
          <StoredHistory messages={history} />
          {turns.length > 0 && (
            <ol className="collaboration-turns">
              {turns.map((turn, index) => (
                <TurnView
                  key={turn.session.id}
                  turn={turn}
                  onFinished={finished(key)}
                  onReplay={(replay) => setTurns(key, (current) => current.map((item, i) => (i === index ? { ...item, replay } : item)))}
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
