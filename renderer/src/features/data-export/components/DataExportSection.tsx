import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../shared/api';
import { downloadExport, rememberedExport, useDataExport, useRequestDataExport } from '../api/dataExportQueries';
import { dataExportStrings as strings } from '../strings';

interface DataExportSectionProps {
  userId: string;
  /** Hands the ZIP to the browser as a download (tests replace it). */
  save?: (blob: Blob, name: string) => void;
}

/** Offers a blob as a file download, the way a link with `download` does. */
function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

const untilText = (iso: string) => new Date(iso).toLocaleString('es-ES', { dateStyle: 'long', timeStyle: 'short' });

/**
 * 'Descargar mis datos' in 'Mi perfil' (issue 37): asks for the export, shows 'Preparando tu
 * exportación…' while the server prepares it (asking again every few seconds, and after a reload),
 * then the download, which goes with the session: the link alone opens nothing.
 */
export function DataExportSection({ userId, save = saveBlob }: DataExportSectionProps) {
  const [exportId, setExportId] = useState<string | null>(() => rememberedExport.read(userId));
  const current = useDataExport(exportId);
  const requesting = useRequestDataExport();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorText = (failure: unknown) => (isApiError(failure) ? failure.message : strings.loadError);

  const state = current.data;
  const gone = exportId !== null && current.isSuccess && state === null;
  const preparing = requesting.isPending || state?.status === 'preparing';
  useEffect(() => {
    if (gone) rememberedExport.forget(userId);
  }, [gone, userId]);

  const request = () => {
    setError(null);
    requesting.mutate(undefined, {
      onSuccess: (created) => {
        rememberedExport.write(userId, created.id);
        setExportId(created.id);
      },
      onError: (failure) => setError(errorText(failure)),
    });
  };

  const download = async () => {
    if (!state?.url) return;
    setError(null);
    setDownloading(true);
    try {
      save(await downloadExport(state.id, state.url), strings.fileName);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setDownloading(false);
    }
  };

  const loadError = current.error ? errorText(current.error) : null;
  const shownError = error ?? loadError;

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="data-export-title">
      <Stack gap="sm">
        <Title order={3} fz="lg" id="data-export-title">
          {strings.title}
        </Title>
        <Text size="sm">{strings.description}</Text>
        {shownError && (
          <Alert color="red" variant="light" role="alert">
            {shownError}
          </Alert>
        )}
        {gone && (
          <Alert color="gray" variant="light">
            {strings.expired}
          </Alert>
        )}
        {state?.status === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {strings.failed}
          </Alert>
        )}
        <div aria-live="polite">
          {preparing ? (
            <Stack gap={4}>
              <Group gap="xs">
                <Loader size="xs" aria-hidden />
                <Text size="sm" fw={600}>
                  {strings.preparing}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {strings.preparingHint}
              </Text>
            </Stack>
          ) : state?.status === 'ready' && state.expiresAt ? (
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{strings.ready(untilText(state.expiresAt))}</Text>
              <Button onClick={() => void download()} loading={downloading} loaderProps={{ 'aria-label': strings.downloading }}>
                {strings.download}
              </Button>
            </Stack>
          ) : (
            <Stack gap={4} align="flex-start">
              <Button variant="light" onClick={request} disabled={exportId !== null && current.isPending}>
                {strings.request}
              </Button>
              <Text size="xs" c="dimmed">
                {strings.onePerDay}
              </Text>
            </Stack>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
