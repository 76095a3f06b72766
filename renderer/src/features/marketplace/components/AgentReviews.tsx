import { Alert, Card, Group, Pagination, Progress, Rating, Select, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useFormLimits } from '../../../shared/config';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import type { Agent } from '../api/marketplaceQueries';
import {
  REVIEWS_PAGE_SIZE,
  useAgentReviews,
  useDeleteMyReview,
  useReplyToReview,
  useReport,
  useWriteReview,
  type ReportReason,
  type Review,
  type ReviewPage,
} from '../api/reviewsQueries';
import { marketplaceStrings } from '../strings';

const strings = marketplaceStrings.reviews;
const REASONS: ReportReason[] = ['spam', 'offensive', 'misleading', 'illegal', 'other'];
const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric' });

/** Who is looking: the signed-in user's id and whether they are an admin; null for a visitor. */
export interface ReviewViewer {
  userId: string;
  isAdmin: boolean;
}

const failure = (error: unknown) => (error instanceof Error && error.message ? error.message : strings.genericError);

/**
 * The agent's reviews (issue 34): the summary with its histogram ('Sin valoraciones' when none),
 * the reviews a page at a time, newest first, with the creator's replies, a form to rate it for
 * a signed-in user who is not its creator, and reports. Comments are plain text.
 */
export function AgentReviews({ agent, viewer }: { agent: Agent; viewer: ReviewViewer | null }) {
  const [page, setPage] = useState(1);
  const reviews = useAgentReviews(agent.id, page);
  const [reporting, setReporting] = useState<{ target: 'agent' | 'review'; id: string } | null>(null);
  const isCreator = viewer !== null && agent.creatorId === viewer.userId;
  const mayReply = viewer !== null && (isCreator || viewer.isAdmin);

  return (
    <Stack gap="md" component="section" aria-labelledby="agent-reviews-title">
      <Group justify="space-between" align="center">
        <Title order={2} fz="xl" id="agent-reviews-title">
          {strings.title}
        </Title>
        {viewer && !isCreator && (
          <AppButton size="xs" variant="outline" onClick={() => setReporting({ target: 'agent', id: agent.id })}>
            {strings.reportAgent}
          </AppButton>
        )}
      </Group>
      {reviews.isError && !reviews.data ? (
        <Alert color="red" title={strings.loadError}>
          <AppButton size="xs" variant="outline" onClick={() => void reviews.refetch()}>
            {strings.retry}
          </AppButton>
        </Alert>
      ) : reviews.data ? (
        <>
          <RatingSummary summary={reviews.data.summary} />
          {viewer === null ? <Text c="dimmed">{strings.signInToReview}</Text> : isCreator ? <Text c="dimmed">{strings.ownAgent}</Text> : <ReviewForm agentId={agent.id} mine={reviews.data?.mine ?? null} />}
          <ReviewList
            agentId={agent.id}
            page={reviews.data}
            mayReply={mayReply}
            mayReport={viewer !== null}
            onReport={(review) => setReporting({ target: 'review', id: review.id })}
          />
          {reviews.data.total > REVIEWS_PAGE_SIZE && (
            <Pagination
              total={Math.ceil(reviews.data.total / REVIEWS_PAGE_SIZE)}
              value={page}
              onChange={setPage}
              aria-label={strings.pages}
              getControlProps={(control) => ({ 'aria-label': control === 'next' ? 'Página siguiente' : control === 'previous' ? 'Página anterior' : control })}
            />
          )}
        </>
      ) : (
        <Text c="dimmed">{marketplaceStrings.loading}</Text>
      )}
      <ReportModal target={reporting} onClose={() => setReporting(null)} />
    </Stack>
  );
}

function RatingSummary({ summary }: { summary: ReviewPage['summary'] }) {
  if (summary.count === 0 || summary.average === null) {
    return (
      <Stack gap={2}>
        <Text fw={700}>{strings.none}</Text>
        <Text c="dimmed" size="sm">
          {strings.noneYet}
        </Text>
      </Stack>
    );
  }
  const rows = [5, 4, 3, 2, 1] as const;
  return (
    <Group gap="xl" align="flex-start" wrap="wrap">
      <Stack gap={2} align="flex-start">
        <Text fz={32} fw={800} lh={1} data-testid="rating-average">
          {strings.average(summary.average)}
        </Text>
        <Rating value={summary.average} fractions={10} readOnly role="img" aria-label={strings.starsLabel(summary.average)} />
        <Text size="sm" c="dimmed">
          {strings.count(summary.count)}
        </Text>
      </Stack>
      <Stack gap={4} style={{ flex: 1, minWidth: 200, maxWidth: 360 }} aria-label={strings.histogramLabel} role="list">
        {rows.map((stars) => {
          const count = summary.histogram[stars];
          return (
            <Group key={stars} gap="xs" wrap="nowrap" role="listitem" aria-label={strings.histogramRow(stars, count)}>
              <Text size="sm" w={16} ta="right" aria-hidden>
                {stars}
              </Text>
              <Progress value={summary.count ? (count / summary.count) * 100 : 0} style={{ flex: 1 }} aria-hidden />
              <Text size="sm" w={32} aria-hidden>
                {count}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Group>
  );
}

/** The signed-in user's form: their own review, when they have one, is what it starts with, and only then may they delete it. */
function ReviewForm({ agentId, mine }: { agentId: string; mine: Review | null }) {
  const toast = useToast();
  const write = useWriteReview(agentId);
  const remove = useDeleteMyReview(agentId);
  const [problem, setProblem] = useState<string | null>(null);
  const commentMax = useFormLimits()?.review?.comment.max ?? 2000;
  const form = useForm({
    initialValues: { rating: 0, comment: '' },
    validate: {
      rating: (value) => (value >= 1 && value <= 5 ? null : strings.ratingRequired),
      comment: (value) => (value.trim().length > commentMax ? strings.commentTooLong(commentMax) : null),
    },
  });
  const { setValues } = form;
  useEffect(() => {
    setValues({ rating: mine?.rating ?? 0, comment: mine?.comment ?? '' });
    // Once per version of the review: a newer one (written here or elsewhere) refills the form.
  }, [mine?.id, mine?.updatedAt]);

  const submit = async ({ rating, comment }: { rating: number; comment: string }) => {
    setProblem(null);
    try {
      const review = await write.mutateAsync({ rating, ...(comment.trim() ? { comment: comment.trim() } : {}) });
      toast.success(review.updatedAt !== review.createdAt ? strings.replaced : strings.submitted);
    } catch (error) {
      setProblem(failure(error));
    }
  };

  const deleteMine = async () => {
    setProblem(null);
    try {
      await remove.mutateAsync();
      form.reset();
      toast.success(strings.deleted);
    } catch (error) {
      setProblem(failure(error));
    }
  };

  const busy = write.isPending || remove.isPending;
  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="sm">
        <Text fw={700} component="h3" m={0} fz="md">
          {strings.formTitle}
        </Text>
        <Text size="sm" c="dimmed">
          {strings.formIntro}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="review-rating-label">
            {strings.yourRating}
          </Text>
          <StarPicker value={form.values.rating} onChange={(value) => form.setFieldValue('rating', value)} labelledBy="review-rating-label" />
          {form.errors.rating && (
            <Text size="sm" c="red" role="alert">
              {form.errors.rating}
            </Text>
          )}
        </Stack>
        <Textarea label={strings.comment} autosize minRows={2} maxRows={8} maxLength={commentMax} {...form.getInputProps('comment')} />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group gap="sm">
          <AppButton type="submit" disabled={busy}>
            {strings.submit}
          </AppButton>
          {mine && (
            <AppButton variant="outline" disabled={busy} onClick={() => void deleteMine()}>
              {strings.deleteMine}
            </AppButton>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** Five toggle buttons as a radio group: 'N de 5 estrellas', the chosen one checked. */
function StarPicker({ value, onChange, labelledBy }: { value: number; onChange: (value: number) => void; labelledBy: string }) {
  return (
    <Group gap={2} role="radiogroup" aria-labelledby={labelledBy}>
      {[1, 2, 3, 4, 5].map((stars) => (
        <UnstyledButton
          key={stars}
          role="radio"
          aria-checked={value === stars}
          aria-label={strings.starsLabel(stars)}
          onClick={() => onChange(stars)}
          fz={28}
          lh={1}
          px={2}
          c={stars <= value ? 'yellow.5' : 'gray.5'}
        >
          {stars <= value ? '★' : '☆'}
        </UnstyledButton>
      ))}
    </Group>
  );
}

function ReviewList({
  agentId,
  page,
  mayReply,
  mayReport,
  onReport,
}: {
  agentId: string;
  page: ReviewPage;
  mayReply: boolean;
  mayReport: boolean;
  onReport: (review: Review) => void;
}) {
  if (page.items.length === 0) return null;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={strings.title}>
      {page.items.map((review) => (
        <Card component="li" key={review.id} withBorder radius="md" padding="md" data-testid="review">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" align="flex-start">
              <Stack gap={2}>
                <Rating value={review.rating} readOnly size="sm" role="img" aria-label={strings.starsLabel(review.rating)} />
                <Text size="sm" fw={600}>
                  {review.author.name}
                  <Text span size="xs" c="dimmed" fw={400}>
                    {' · '}
                    {dateFormat.format(new Date(review.updatedAt))}
                    {review.updatedAt !== review.createdAt && ` · ${strings.edited}`}
                  </Text>
                </Text>
              </Stack>
              {mayReport && (
                <AppButton size="xs" variant="outline" aria-label={strings.reportReview} onClick={() => onReport(review)}>
                  {strings.report}
                </AppButton>
              )}
            </Group>
            {review.comment && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {review.comment}
              </Text>
            )}
            <ReplyBlock agentId={agentId} review={review} mayReply={mayReply} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function ReplyBlock({ agentId, review, mayReply }: { agentId: string; review: Review; mayReply: boolean }) {
  const toast = useToast();
  const reply = useReplyToReview(agentId);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(review.reply?.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const max = useFormLimits()?.review?.reply.max ?? 2000;

  const save = async () => {
    setProblem(null);
    try {
      await reply.mutateAsync({ reviewId: review.id, text: text.trim() });
      toast.success(strings.replySaved);
      setEditing(false);
    } catch (error) {
      setProblem(failure(error));
    }
  };

  return (
    <Stack gap={6}>
      {review.reply && !editing && (
        <Card radius="sm" padding="sm" bg="var(--mantine-color-default-hover)">
          <Text size="xs" fw={700}>
            {strings.reply}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {review.reply.text}
          </Text>
        </Card>
      )}
      {mayReply && !editing && (
        <Group>
          <AppButton
            size="xs"
            variant="outline"
            onClick={() => {
              setText(review.reply?.text ?? '');
              setEditing(true);
            }}
          >
            {review.reply ? strings.editReply : strings.replyAction}
          </AppButton>
        </Group>
      )}
      {editing && (
        <Stack gap="xs">
          <Textarea label={strings.replyLabel} autosize minRows={2} maxLength={max} value={text} onChange={(event) => setText(event.currentTarget.value)} />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group gap="xs">
            <AppButton size="xs" disabled={reply.isPending || !text.trim()} onClick={() => void save()}>
              {strings.replySave}
            </AppButton>
            <AppButton size="xs" variant="outline" disabled={reply.isPending} onClick={() => setEditing(false)}>
              {strings.cancel}
            </AppButton>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function ReportModal({ target, onClose }: { target: { target: 'agent' | 'review'; id: string } | null; onClose: () => void }) {
  const toast = useToast();
  const report = useReport();
  const [reason, setReason] = useState<ReportReason>('spam');
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const max = useFormLimits()?.review?.reportDetails.max ?? 2000;

  const close = () => {
    setProblem(null);
    setDetails('');
    setReason('spam');
    onClose();
  };
  const send = async () => {
    if (!target) return;
    setProblem(null);
    try {
      await report.mutateAsync({ ...target, reason, details: details.trim() || undefined });
      toast.success(strings.reportSent);
      close();
    } catch (error) {
      setProblem(failure(error));
    }
  };

  return (
    <AppModal opened={target !== null} onClose={() => !report.isPending && close()} title={target?.target === 'agent' ? strings.reportTitleAgent : strings.reportTitleReview}>
      <Stack gap="md">
        <Select
          label={strings.reportReason}
          data={REASONS.map((value) => ({ value, label: strings.reasons[value] }))}
          value={reason}
          onChange={(value) => value && setReason(value as ReportReason)}
          allowDeselect={false}
        />
        <Textarea label={strings.reportDetails} autosize minRows={2} maxLength={max} value={details} onChange={(event) => setDetails(event.currentTarget.value)} />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <AppButton variant="outline" disabled={report.isPending} onClick={close}>
            {strings.cancel}
          </AppButton>
          <AppButton variant="danger" disabled={report.isPending} onClick={() => void send()}>
            {strings.reportSend}
          </AppButton>
        </Group>
      </Stack>
    </AppModal>
  );
}
