import { Alert, Badge, FileButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type DragEvent, type FormEvent } from 'react';
import { useFormLimits } from '../../../shared/config';
import { AppButton, ConfirmModal, LoadStatus, useToast } from '../../../shared/ui';
import {
  useAddKnowledge,
  useDeleteKnowledge,
  useKnowledgeDocuments,
  useKnowledgeSearch,
  type KnowledgeDocument,
} from '../api/knowledgeQueries';
import { knowledgeStrings as strings } from '../strings';
import './knowledge.css';

export interface KnowledgePanelProps {
  agentId: string;
}

/** The server's Spanish message (the API client puts it in the error), or a generic one. */
const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : strings.genericError);

function DocumentState({ document }: { document: KnowledgeDocument }) {
  if (document.status === 'ready') return <Badge color="teal" variant="light">{strings.ready(document.chunks)}</Badge>;
  if (document.status === 'failed') {
    return (
      <Text size="sm" c="red.4">
        {strings.failed(document.error)}
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed" role="status">
      {strings.processing(document.pagesDone, document.pages)}
    </Text>
  );
}

/**
 * 'Conocimiento': the agent's documents (drop or pick files), each with its state while it is read,
 * delete, and 'Probar búsqueda' to see the passages a question would give the agent.
 */
export function KnowledgePanel({ agentId }: KnowledgePanelProps) {
  const documents = useKnowledgeDocuments(agentId);
  const add = useAddKnowledge(agentId);
  const remove = useDeleteKnowledge(agentId);
  const search = useKnowledgeSearch(agentId);
  const toast = useToast();
  // The deployment's limits (GET /api/config), shown before a user hits them; the server enforces them.
  const limits = useFormLimits()?.knowledge;
  const [uploading, setUploading] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [removing, setRemoving] = useState<KnowledgeDocument | null>(null);
  const [question, setQuestion] = useState('');

  // One file after another: each gets its own answer (accepted, or the server's reason).
  const upload = async (files: File[]) => {
    for (const file of files) {
      setUploading(file.name);
      try {
        await add.mutateAsync(file);
      } catch (error) {
        toast.error({ title: file.name, message: errorText(error) });
      }
    }
    setUploading(null);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (uploading === null) void upload(Array.from(event.dataTransfer.files));
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(strings.removed);
    } catch (error) {
      toast.error(errorText(error));
    }
    setRemoving(null);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    if (question.trim()) search.mutate(question.trim());
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz="lg">
          {strings.title}
        </Title>
        <Text size="sm" c="dimmed">
          {strings.intro}
        </Text>
      </Stack>

      <div
        className="knowledge-dropzone"
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Stack gap="xs" align="center">
          <Text fw={600}>{strings.dropzone}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {strings.formats}
            {limits && (
              <>
                <br />
                {strings.limits(Math.round(limits.fileBytes.max / (1024 * 1024)), limits.documents.max)}
              </>
            )}
          </Text>
          <FileButton onChange={(files) => void upload(files)} multiple>
            {(props) => (
              <AppButton {...props} variant="outline" size="sm" disabled={uploading !== null}>
                {strings.choose}
              </AppButton>
            )}
          </FileButton>
          {uploading !== null && (
            <Text size="sm" role="status">
              {strings.uploading(uploading)}
            </Text>
          )}
        </Stack>
      </div>

      {documents.data ? (
        documents.data.length === 0 ? (
          <Text c="dimmed">{strings.empty}</Text>
        ) : (
          <ul className="knowledge-list" aria-label={strings.listLabel}>
            {documents.data.map((document) => (
              <li key={document.id}>
                <Paper withBorder p="sm" radius="md">
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600} className="knowledge-name">
                        {document.name}
                      </Text>
                      <DocumentState document={document} />
                    </Stack>
                    <AppButton variant="outline" size="xs" aria-label={strings.remove(document.name)} onClick={() => setRemoving(document)}>
                      {strings.removeShort}
                    </AppButton>
                  </Group>
                </Paper>
              </li>
            ))}
          </ul>
        )
      ) : (
        <LoadStatus
          error={documents.error && !documents.isFetching ? `${strings.loadError} ${errorText(documents.error)}` : null}
          loadingText={strings.loading}
          retryText={strings.retry}
          onRetry={() => void documents.refetch()}
        />
      )}

      <Stack gap="sm" component="section" aria-labelledby="knowledge-search-title">
        <Title order={3} fz="md" id="knowledge-search-title">
          {strings.searchTitle}
        </Title>
        <form onSubmit={onSearch}>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label={strings.searchLabel}
              placeholder={strings.searchPlaceholder}
              value={question}
              onChange={(event) => setQuestion(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <AppButton type="submit" disabled={search.isPending || !question.trim()}>
              {search.isPending ? strings.searching : strings.searchAction}
            </AppButton>
          </Group>
        </form>
        {search.error && (
          <Alert color="red" variant="light" role="alert">
            {errorText(search.error)}
          </Alert>
        )}
        {search.data &&
          (search.data.length === 0 ? (
            <Text c="dimmed">{strings.noResults}</Text>
          ) : (
            <ol className="knowledge-results" aria-label={strings.resultsLabel}>
              {search.data.map((passage, index) => (
                <li key={`${passage.documentId}-${index}`}>
                  <Paper withBorder p="sm" radius="md">
                    <Text size="xs" fw={700} c="dimmed">
                      {strings.source(passage.documentName, passage.page)}
                    </Text>
                    <Text size="sm" className="knowledge-passage">
                      {passage.text}
                    </Text>
                  </Paper>
                </li>
              ))}
            </ol>
          ))}
      </Stack>

      <ConfirmModal
        opened={removing !== null}
        title={strings.removeTitle}
        message={removing ? strings.removeConfirm(removing.name) : ''}
        confirmLabel={strings.removeShort}
        cancelLabel={strings.cancel}
        busyLabel={strings.removing}
        busy={remove.isPending}
        danger
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
