import { Alert, Code, Group, Paper, Spoiler, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api';
import { useFormLimits } from '../../../shared/config';
import { AppButton } from '../../../shared/ui/AppButton';
import { useToast } from '../../../shared/ui/toast';
import {
  useApplyFineTuning,
  useCloseFineTuning,
  useFineTuningTalk,
  useOpenFineTuning,
  type FineTuningSession,
} from '../api/agentCreatorQueries';
import { agentCreatorStrings } from '../strings';
import type { ChatLine } from '../types';
import { newMessageId } from '../utils/draft';
import { TalkThread } from './TalkThread';

const strings = agentCreatorStrings.fineTuning;

export interface FineTuningPanelProps {
  agentId: string;
  /** After a proposal becomes the current prompt (e.g. to reload a versions list). */
  onApplied?: () => void;
}

const errorText = (error: unknown) => (isApiError(error) && error.message ? error.message : strings.error);

/**
 * The fine-tuning chat for an agent's editor: opens a session, lets its creator say what to
 * change, shows the assistant's proposed prompt and applies it as the current version.
 */
export function FineTuningPanel({ agentId, onApplied }: FineTuningPanelProps) {
  const toast = useToast();
  // The prompt's bounds as the server serves them (none until they arrived: the server checks them).
  const limits = useFormLimits()?.prompt;
  const openSession = useOpenFineTuning();
  const talk = useFineTuningTalk();
  const applyProposal = useApplyFineTuning(agentId);
  const closeSession = useCloseFineTuning();
  const [session, setSession] = useState<FineTuningSession | null>(null);
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [proposal, setProposal] = useState<string | null>(null);
  const [versionName, setVersionName] = useState<string>(strings.defaultVersionName);
  const [versionDescription, setVersionDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failedSend, setFailedSend] = useState<{ message: string; messageId: string } | null>(null);
  const busy = openSession.isPending || talk.isPending || applyProposal.isPending || closeSession.isPending;
  const sessionId = useRef<string | null>(null);
  const close = useRef(closeSession.mutate);
  close.current = closeSession.mutate;

  // Leaving the editor ends the session (its messages stay stored); no screen is left to say it failed.
  useEffect(
    () => () => {
      if (sessionId.current) close.current(sessionId.current);
    },
    [],
  );

  /** One action at a time; its failure is shown under the panel. */
  const run = async (work: () => Promise<void>) => {
    setError(null);
    setFailedSend(null);
    try {
      await work();
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const open = () =>
    run(async () => {
      const opened = await openSession.mutateAsync(agentId);
      sessionId.current = opened.sessionId;
      setSession(opened);
      setLines(opened.messages.map((message) => ({ id: message.id, role: message.role, content: message.content, notice: message.status === 'failed' })));
    });

  /** Asks the assistant; a failed message stays in the thread (the server kept it) and 'Reintentar' sends it again under its id. */
  const deliver = (id: string, message: string, messageId: string) =>
    run(async () => {
      try {
        const reply = await talk.mutateAsync({ sessionId: id, message, messageId });
        setLines((current) => [...current, { id: reply.messageId, role: 'assistant', content: reply.reply }]);
        if (reply.proposedPrompt) setProposal(reply.proposedPrompt);
      } catch (failure) {
        setFailedSend({ message, messageId });
        throw failure;
      }
    });

  const send = async (message: string): Promise<boolean> => {
    if (!session) return false;
    const messageId = newMessageId();
    setLines((current) => [...current, { id: messageId, role: 'user', content: message }]);
    await deliver(session.sessionId, message, messageId);
    return true;
  };

  const apply = () =>
    run(async () => {
      if (!session || !proposal) return;
      const result = await applyProposal.mutateAsync({
        sessionId: session.sessionId,
        proposal: {
          newPrompt: proposal,
          versionName: versionName.trim() || strings.defaultVersionName,
          versionDescription: versionDescription.trim() || undefined,
        },
      });
      toast.success(result.message);
      setSession({ ...session, currentPrompt: proposal });
      setProposal(null);
      onApplied?.();
    });

  const end = () =>
    run(async () => {
      if (!session) return;
      await closeSession.mutateAsync(session.sessionId);
      sessionId.current = null;
      setSession(null);
      setLines([]);
      setProposal(null);
      // The panel's own words ('Terminar el ajuste' → 'Ajuste terminado'), not the server's 'sesión'.
      toast.info(strings.closed);
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="fine-tuning-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="fine-tuning-title">
            {strings.title}
          </Title>
          {session && (
            <AppButton variant="outline" size="xs" onClick={() => void end()} disabled={busy}>
              {strings.close}
            </AppButton>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {strings.intro}
        </Text>
        {!session ? (
          <AppButton onClick={() => void open()} loading={busy} disabled={busy} style={{ alignSelf: 'flex-start' }}>
            {strings.open}
          </AppButton>
        ) : (
          <>
            <Spoiler maxHeight={60} showLabel={strings.showMore} hideLabel={strings.showLess}>
              <Text size="xs" fw={600}>
                {strings.currentPrompt}
              </Text>
              {/* Long lines wrap: the panel never scrolls sideways. */}
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {session.currentPrompt || strings.noPrompt}
              </Code>
            </Spoiler>
            <TalkThread
              label={strings.title}
              lines={lines}
              names={{ user: agentCreatorStrings.chat.you, assistant: strings.title }}
              busy={busy}
              busyText={strings.thinking}
              input={{ label: strings.inputLabel, placeholder: strings.placeholder, send: strings.send }}
              onSend={send}
              height="40vh"
            />
            {proposal && (
              <Stack gap="xs" data-testid="fine-tuning-proposal">
                <Textarea
                  label={strings.proposal}
                  value={proposal}
                  onChange={(event) => setProposal(event.currentTarget.value)}
                  autosize
                  minRows={4}
                  maxRows={12}
                  maxLength={limits?.prompt.max}
                />
                <TextInput
                  label={strings.versionName}
                  value={versionName}
                  onChange={(event) => setVersionName(event.currentTarget.value)}
                  maxLength={limits?.versionName.max}
                />
                <TextInput
                  label={strings.versionDescription}
                  value={versionDescription}
                  onChange={(event) => setVersionDescription(event.currentTarget.value)}
                  maxLength={limits?.versionDescription.max}
                />
                <AppButton onClick={() => void apply()} disabled={busy || !proposal.trim()} style={{ alignSelf: 'flex-start' }}>
                  {busy ? strings.applying : strings.apply}
                </AppButton>
              </Stack>
            )}
          </>
        )}
        {error && (
          <Alert color="red" role="alert">
            <Text size="sm">{error}</Text>
            {failedSend && session && (
              <AppButton size="xs" mt="xs" onClick={() => void deliver(session.sessionId, failedSend.message, failedSend.messageId)} disabled={busy}>
                {strings.retry}
              </AppButton>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
