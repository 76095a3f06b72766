import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, withTimeout, type components } from '../../../shared/api';

export type DataExport = components['schemas']['DataExportDto'];

const TIMEOUT_MS = 20_000;
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;
/** How often a preparing export is asked about again. */
export const POLL_MS = 3_000;

const storageKey = (userId: string) => `data-export:${userId}`;

/** The user's latest export, remembered in this browser so that a reload goes on waiting for it. */
export const rememberedExport = {
  read: (userId: string): string | null => localStorage.getItem(storageKey(userId)),
  write: (userId: string, exportId: string) => localStorage.setItem(storageKey(userId), exportId),
  forget: (userId: string) => localStorage.removeItem(storageKey(userId)),
};

export const dataExportKeys = { one: (id: string) => ['data-export', id] as const };

/** GET /api/me/export/{id}, asked again every few seconds while it is being prepared; null once it is gone (404) or expired (410). */
export function useDataExport(exportId: string | null) {
  return useQuery({
    queryKey: dataExportKeys.one(exportId ?? ''),
    enabled: exportId !== null,
    queryFn: async ({ signal }): Promise<DataExport | null> => {
      try {
        return (await api.GET('/api/me/export/{id}', { params: { path: { id: exportId! } }, signal: withTimeout(signal, TIMEOUT_MS) })).data!;
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 410)) return null;
        throw error;
      }
    },
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? POLL_MS : false),
  });
}

/** POST /api/me/export: answers the new export (preparing). */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.POST('/api/me/export', { signal: AbortSignal.timeout(TIMEOUT_MS) })).data!,
    onSuccess: (created) => queryClient.setQueryData(dataExportKeys.one(created.id), created),
  });
}

/** The ZIP behind an export's signed link, fetched with the session (the link alone opens nothing). */
export async function downloadExport(exportId: string, url: string): Promise<Blob> {
  const signature = new URL(url, 'http://localhost').searchParams.get('signature') ?? '';
  const { data } = await api.GET('/api/me/export/{id}/download', {
    params: { path: { id: exportId }, query: { signature } },
    parseAs: 'blob',
    signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
  });
  return data as Blob;
}
