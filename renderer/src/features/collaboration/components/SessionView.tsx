import { Alert, Badge, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppButton, KnowledgeSources, Spinner, ToolCalls } from '../../../shared/ui';
import { MarkdownText } from '../../../shared/ui/MarkdownText';
import { isFinished, type CollaborationSession, type DeliberationStep } from '../api/collaborationQueries';
import { useCollaborationRun } from '../hooks/useCollaborationRun';
import { collaborationStrings } from '../strings';
import { assignmentsFrom, contributions, coordinatorId, nameOf, workingAgents } from '../utils/session';

const strings = collaborationStrings;

const stepLabel = (step: string) => strings.steps[step] ?? step;

function StepItem({ step, session }: { step: DeliberationStep; session: CollaborationSession }) {
  const who = step.agentName ?? (step.agentId ? nameOf(session, step.agentId) : null);
  return (
    <li>
      <Text size="sm" component="span" fw={600}>
        {stepLabel(step.type)}
        {who ? ` · ${who}` : ''}:{' '}
      </Text>
      <Text size="sm" component="span">
        {step.message}
      </Text>
      {step.usage && (
        <Text size="xs" c="dimmed" component="span">
          {' '}
          ({strings.progress.tokens(step.usage.inputTokens, step.usage.outputTokens)}
          {step.costCents !== undefined && strings.progress.cost(step.costCents)})
        </Text>
      )}
    </li>
  );
}

interface ProgressProps {
  session: CollaborationSession;
  steps: DeliberationStep[];
  cancelling: boolean;
  onCancel: () => void;
}

/** Who coordinates, who is working, the assignments and every step, read out as they arrive. */
export function SessionProgress({ session, steps, cancelling, onCancel }: ProgressProps) {
  const working = workingAgents(session, steps);
  const assignments = assignmentsFrom(session, steps);
  const running = session.status === 'processing' || session.status === 'idle';
  const coordinator = coordinatorId(session);
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Badge color={session.status === 'failed' ? 'red' : session.status === 'completed' ? 'green' : 'indigo'} variant="light">
            {strings.status[session.status] ?? session.status}
          </Badge>
          {coordinator && (
            <Text size="sm" c="dimmed">
              {strings.progress.coordinator(nameOf(session, coordinator))}
            </Text>
          )}
        </Group>
        {running && (
          <AppButton size="xs" variant="warning" onClick={onCancel} loading={cancelling}>
            {cancelling ? strings.progress.cancelling : strings.progress.cancel}
          </AppButton>
        )}
      </Group>
      {running && working.length > 0 && (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{strings.progress.working(working.join(', '))}</Text>
        </Group>
      )}
      {assignments.length > 0 && (
        <div>
          <Text size="sm" fw={600}>
            {strings.progress.assignments}
          </Text>
          <List size="sm" aria-label={strings.progress.assignments}>
            {assignments.map((assignment) => (
              <List.Item key={assignment.agentId}>
                {nameOf(session, assignment.agentId)}: {assignment.task}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      {/* The live region wraps the list: a list with another role leaves its items without a list (axe). */}
      <div role="log" aria-live="polite" aria-label={strings.progress.log}>
        <ol className="collaboration-log">
          {steps.length === 0 && running && (
            <li>
              <Text size="sm" c="dimmed">
                {strings.progress.waiting}
              </Text>
            </li>
          )}
          {steps.map((step) => (
            <StepItem key={step.seq} step={step} session={session} />
          ))}
        </ol>
      </div>
    </Stack>
  );
}

/** The final answer as the assistant's message, then each agent's part, attributed. */
export function SessionResult({ session }: { session: CollaborationSession }) {
  const parts = contributions(session);
  return (
    <Stack gap="sm">
      {session.status === 'failed' && (
        <Alert color="red" title={strings.result.failed} role="alert">
          {session.error && <Text size="sm">{session.error}</Text>}
        </Alert>
      )}
      {session.status === 'cancelled' && (
        <Alert color="yellow" role="status">
          {strings.result.cancelled}
        </Alert>
      )}
      {session.finalResponse && (
        <article aria-label={strings.result.title} className="collaboration-answer">
          <Title order={3} fz="sm">
            {strings.result.title}
          </Title>
          <MarkdownText>{session.finalResponse}</MarkdownText>
          <KnowledgeSources sources={session.sources} />
        </article>
      )}
      {parts.length > 0 && (
        <section aria-label={strings.result.contributions}>
          <Title order={3} fz="sm">
            {strings.result.contributions}
          </Title>
          <Stack gap="xs" mt="xs">
            {parts.map((part) => (
              <Paper key={part.agentId} withBorder p="sm" component="article" aria-label={strings.result.contributionOf(part.agentName)}>
                <Text size="sm" fw={600}>
                  {part.agentName}
                  {part.isCoordinator ? ` (${strings.result.coordinatorLabel})` : ''}
                </Text>
                {part.task && (
                  <Text size="xs" c="dimmed">
                    {part.task}
                  </Text>
                )}
                {part.toolCalls.length > 0 && <ToolCalls calls={part.toolCalls} />}
                {part.text ? (
                  <>
                    <MarkdownText>{part.text}</MarkdownText>
                    <KnowledgeSources sources={part.sources} />
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {strings.result.noAnswer(part.error ?? '')}
                  </Text>
                )}
                {part.tokens && (
                  <Text size="xs" c="dimmed">
                    {strings.result.tokens(part.tokens.inputTokens, part.tokens.outputTokens)}
                    {part.tokens.costCents !== undefined && strings.result.cost(part.tokens.costCents)}
                  </Text>
                )}
              </Paper>
            ))}
          </Stack>
        </section>
      )}
    </Stack>
  );
}

export interface SessionViewProps {
  sessionId: string;
  /** Buttons under a finished session ('Repetir', 'Guardar como ecosistema'). */
  renderActions?: (session: CollaborationSession) => ReactNode;
  /** Shown instead when the server no longer has the session (e.g. the answer stored in the conversation). */
  fallback?: ReactNode;
}

/** A failed read of the session, with 'Reintentar'. */
function LoadError({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" title={strings.errors.load}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{error}</Text>
        <AppButton size="xs" variant="outline" onClick={onRetry}>
          {strings.errors.retry}
        </AppButton>
      </Group>
    </Alert>
  );
}

/** One session followed live: its progress while it runs, its answer when it ends. */
export function SessionView({ sessionId, renderActions, fallback }: SessionViewProps) {
  const run = useCollaborationRun(sessionId);
  if (!run.session) {
    if (run.gone && fallback) return <>{fallback}</>;
    return run.loadError ? <LoadError error={run.loadError} onRetry={run.retry} /> : <Spinner size="sm" label={strings.progress.waiting} />;
  }
  const finished = isFinished(run.session.status);
  return (
    <Stack gap="sm">
      <SessionProgress session={run.session} steps={run.session.deliberationLog} cancelling={run.cancelling} onCancel={run.cancel} />
      {run.streamError && !finished && (
        <Alert color="yellow" role="status">
          {strings.errors.stream}
        </Alert>
      )}
      {run.loadError && !finished && <LoadError error={run.loadError} onRetry={run.retry} />}
      {run.cancelError && (
        <Alert color="red" role="alert">
          {run.cancelError}
        </Alert>
      )}
      {finished && <SessionResult session={run.session} />}
      {finished && renderActions && <Group gap="xs">{renderActions(run.session)}</Group>}
    </Stack>
  );
}
