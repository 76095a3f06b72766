import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type components } from '../../../shared/api';

/** A document of an agent's knowledge, as GET/POST /api/agents/{agentId}/knowledge answer it. */
export type KnowledgeDocument = components['schemas']['KnowledgeDocumentDto'];
/** A passage 'Probar búsqueda' found: its document, page and text. */
export type KnowledgePassage = components['schemas']['KnowledgeSearchItemDto'];

/** While a document is being read its progress is asked for again this often. */
export const KNOWLEDGE_PROGRESS_POLL_MS = 2_000;
/** An upload of up to the server's 20 MB may take a while on a slow line. */
const UPLOAD_TIMEOUT_MS = 120_000;

export const knowledgeKeys = {
  documents: (agentId: string) => ['knowledge', agentId] as const,
};

/** GET /api/agents/{agentId}/knowledge: newest first; asked again while any is still 'processing'. */
export function useKnowledgeDocuments(agentId: string) {
  return useQuery({
    queryKey: knowledgeKeys.documents(agentId),
    queryFn: async ({ signal }) =>
      (await api.GET('/api/agents/{agentId}/knowledge', { params: { path: { agentId } }, signal })).data!.items,
    refetchInterval: (query) => (query.state.data?.some((document) => document.status === 'processing') ? KNOWLEDGE_PROGRESS_POLL_MS : false),
  });
}

/** POST /api/agents/{agentId}/knowledge with the file as multipart `file`; the list shows it at once. */
export function useAddKnowledge(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      (
        await api.POST('/api/agents/{agentId}/knowledge', {
          params: { path: { agentId } },
          // The contract types the body loosely (a file or { fileId }); what goes is the multipart form.
          body: {},
          bodySerializer: () => {
            const form = new FormData();
            form.append('file', file);
            return form;
          },
          signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
        })
      ).data!,
    onSuccess: (document) => {
      queryClient.setQueryData<KnowledgeDocument[]>(knowledgeKeys.documents(agentId), (documents = []) => [
        document,
        ...documents.filter((other) => other.id !== document.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.documents(agentId) });
    },
  });
}

/** DELETE /api/agents/{agentId}/knowledge/{documentId}: its passages stop being found at once. */
export function useDeleteKnowledge(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (documentId: string) => {
      await api.DELETE('/api/agents/{agentId}/knowledge/{documentId}', { params: { path: { agentId, documentId } } });
    },
    onSuccess: (_, documentId) => {
      queryClient.setQueryData<KnowledgeDocument[]>(knowledgeKeys.documents(agentId), (documents = []) =>
        documents.filter((document) => document.id !== documentId),
      );
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.documents(agentId) });
    },
  });
}

/** POST /api/agents/{agentId}/knowledge/search: the passages the agent would be given for a question. */
export function useKnowledgeSearch(agentId: string) {
  return useMutation({
    mutationFn: async (query: string) =>
      (await api.POST('/api/agents/{agentId}/knowledge/search', { params: { path: { agentId } }, body: { query, limit: 5 } })).data!.items,
  });
}
