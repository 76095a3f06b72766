import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type components } from '../../../shared/api';

export type DeletionRequest = components['schemas']['RequestDeletionDto'];

const deletionStateKey = ['me', 'delete'] as const;

/** Whether the signed-in account's deletion is scheduled, and for when (GET /api/me/delete). */
export function useDeletionState(enabled: boolean) {
  return useQuery({
    queryKey: deletionStateKey,
    enabled,
    queryFn: async ({ signal }) => (await api.GET('/api/me/delete', { signal })).data!.scheduledFor,
  });
}

/** 'Eliminar mi cuenta': answers when everything will be erased. */
export function useRequestDeletion() {
  return useMutation({
    mutationFn: async (body: DeletionRequest) => (await api.POST('/api/me/delete', { body })).data!.scheduledFor,
  });
}

/** 'Cancelar la eliminación': the whole product answers again, so every cached answer is asked anew. */
export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.POST('/api/me/delete/cancel')).data!,
    onSuccess: async () => {
      queryClient.setQueryData(deletionStateKey, null);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== deletionStateKey[0] || query.queryKey[1] !== deletionStateKey[1] });
    },
  });
}
