import { Alert, Divider, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../../shared/api';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import { publicationsApi } from '../api/publicationsApi';
import {
  agentPublicationsAtom,
  apiKeysByPublicationAtom,
  clearPublicationErrorAtom,
  createApiKeyAtom,
  createPublicationAtom,
  deleteApiKeyAtom,
  deletePublicationAtom,
  fetchAgentPublicationsAtom,
  fetchApiKeysAtom,
  publicationErrorAtom,
  publicationErrorDetailAtom,
  publicationLoadingAtom,
  updatePublicationAtom,
} from '../state/publicationAtoms';
import { publicationErrorKind } from '../state/publicationErrors';
import { publicationsStrings as strings } from '../strings';
import type { ApiKey, NewApiKey, PinnedVersion, PromptVersionOption, PublicationChanges, UsageDay } from '../types';
import { agentApiAddresses, publicationAddresses, publicBaseUrl } from '../utils/baseUrl';
import { ApiKeysSection } from './ApiKeysSection';
import { CodeExamples } from './CodeExamples';
import { EndpointList } from './EndpointList';
import { SecretModal } from './SecretModal';
import { UsageSection } from './UsageSection';

export interface PublicationPanelProps {
  agentId: string;
  /** Names the MCP server in the client configuration example; the publication's name otherwise. */
  agentName?: string;
}

const EMPTY_KEYS: ApiKey[] = [];

function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.kind === 'http' && error.message ? error.message : fallback;
}

/**
 * The agent editor's 'Publicar como API' tab: publish and unpublish, switch the API on and off,
 * pin a prompt version, the addresses, the keys (each secret shown once), ready-to-copy examples
 * and the usage per day and per key.
 */
export function PublicationPanel({ agentId, agentName }: PublicationPanelProps) {
  const toast = useToast();
  const publication = useAtomValue(agentPublicationsAtom)[agentId]?.[0] ?? null;
  const keys = useAtomValue(apiKeysByPublicationAtom)[publication?.id ?? ''] ?? EMPTY_KEYS;
  const loading = useAtomValue(publicationLoadingAtom);
  const error = useAtomValue(publicationErrorAtom);
  const errorDetail = useAtomValue(publicationErrorDetailAtom);
  const fetchPublications = useSetAtom(fetchAgentPublicationsAtom);
  const publish = useSetAtom(createPublicationAtom);
  const unpublish = useSetAtom(deletePublicationAtom);
  const update = useSetAtom(updatePublicationAtom);
  const fetchKeys = useSetAtom(fetchApiKeysAtom);
  const createKey = useSetAtom(createApiKeyAtom);
  const revokeKey = useSetAtom(deleteApiKeyAtom);
  const clearError = useSetAtom(clearPublicationErrorAtom);

  const [loaded, setLoaded] = useState(false);
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  // The last secret made on this visit fills the examples; it lives only in this component.
  const [lastSecret, setLastSecret] = useState<string | null>(null);
  const [confirmingUnpublish, setConfirmingUnpublish] = useState(false);
  const [unpublishing, setUnpublishing] = useState(false);
  const [updateError, setUpdateError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [versions, setVersions] = useState<PromptVersionOption[] | null>(null);
  const [versionsError, setVersionsError] = useState<string | null>(null);
  const [usage, setUsage] = useState<UsageDay[] | null>(null);
  const [usageError, setUsageError] = useState<string | null>(null);
  const publicationId = publication?.id ?? null;

  const load = useCallback(async () => {
    await fetchPublications(agentId);
    setLoaded(true);
  }, [agentId, fetchPublications]);

  useEffect(() => {
    clearError();
    void load();
  }, [load, clearError]);

  const loadUsage = useCallback(async (id: string, signal?: AbortSignal) => {
    setUsageError(null);
    try {
      const answer = await publicationsApi.usage(id, signal);
      setUsage(Array.isArray(answer?.days) ? answer.days : []);
    } catch (cause) {
      if (!signal?.aborted) setUsageError(messageOf(cause, strings.usage.loadFailed));
    }
  }, []);

  // Keys and usage follow the publication once it is known.
  useEffect(() => {
    if (!publicationId) return;
    const controller = new AbortController();
    void fetchKeys(publicationId);
    setUsage(null);
    void loadUsage(publicationId, controller.signal);
    return () => controller.abort();
  }, [publicationId, fetchKeys, loadUsage]);

  useEffect(() => {
    if (!publicationId) return;
    const controller = new AbortController();
    publicationsApi.promptVersions(agentId, controller.signal).then(
      (list) => setVersions(Array.isArray(list) ? list : []),
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        // A 404 on a prompt means none (spec section 7).
        if (isApiError(cause) && cause.status === 404) setVersions([]);
        else setVersionsError(strings.version.loadFailed);
      },
    );
    return () => controller.abort();
  }, [agentId, publicationId]);

  const endpoints = publication?.endpoints;
  const addresses = useMemo(
    () =>
      publicationId
        ? publicationAddresses(publicBaseUrl(), agentId, { id: publicationId, endpoints })
        : agentApiAddresses(publicBaseUrl(), agentId),
    [agentId, publicationId, endpoints],
  );

  const showSecret = (name: string, value: string) => {
    setSecret({ name, value });
    setLastSecret(value);
  };

  const doPublish = async () => {
    const result = await publish(agentId);
    if (!result.ok) return;
    toast.success(strings.published);
    showSecret(result.value.key.name || strings.defaultKeyName, result.value.key.secret);
  };

  const doUnpublish = async () => {
    if (!publication) return;
    setUnpublishing(true);
    const result = await unpublish({ agentId, publicationId: publication.id });
    setUnpublishing(false);
    setConfirmingUnpublish(false);
    if (result.ok) {
      toast.success(strings.status.unpublished);
      setLastSecret(null);
      setUsage(null);
      setVersions(null);
    }
  };

  const change = async (changes: PublicationChanges, done: string) => {
    if (!publication) return;
    setSaving(true);
    setUpdateError(null);
    try {
      await update({ publicationId: publication.id, changes });
      toast.success(done);
    } catch (cause) {
      setUpdateError(messageOf(cause, strings.status.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  const doCreateKey = async (key: NewApiKey): Promise<boolean> => {
    if (!publication) return false;
    const result = await createKey({ publicationId: publication.id, key });
    if (!result.ok) return false;
    toast.success(strings.keys.created(result.value.name));
    showSecret(result.value.name, result.value.secret);
    return true;
  };

  const doRevokeKey = async (key: ApiKey): Promise<boolean> => {
    if (!publication) return false;
    const result = await revokeKey({ publicationId: publication.id, keyId: key.keyId });
    if (result.ok) toast.success(strings.keys.revoked(key.name));
    return result.ok;
  };

  const errorKind = publicationErrorKind(error);
  const errorAlert = errorKind && (
    <Alert color="red" role="alert" withCloseButton closeButtonLabel={strings.closeAlert} onClose={clearError}>
      <Stack gap={4} align="flex-start">
        <Text size="sm" fw={600}>
          {strings.errors[errorKind]}
        </Text>
        {errorDetail && <Text size="sm">{errorDetail}</Text>}
        {errorKind === 'fetchPublications' && (
          <AppButton size="xs" variant="outline" onClick={() => void load()}>
            {strings.retry}
          </AppButton>
        )}
        {errorKind === 'fetchKeys' && publication && (
          <AppButton size="xs" variant="outline" onClick={() => void fetchKeys(publication.id)}>
            {strings.retry}
          </AppButton>
        )}
      </Stack>
    </Alert>
  );

  const versionLabel = (value: PinnedVersion) => {
    if (value === 'current') return strings.version.current;
    const found = versions?.find((version) => version.version === value);
    return strings.version.option(value, found?.name ?? '');
  };
  const versionOptions = [
    { value: 'current', label: strings.version.current },
    ...(versions ?? []).map((version) => ({
      value: String(version.version),
      label: `${strings.version.option(version.version, version.name)}${version.isCurrentVersion ? ` ${strings.version.currentNow}` : ''}`,
    })),
  ];
  // A pinned version that no longer exists is still shown as chosen.
  if (publication && publication.pinnedVersion !== 'current' && !versionOptions.some((option) => option.value === String(publication.pinnedVersion))) {
    versionOptions.push({ value: String(publication.pinnedVersion), label: versionLabel(publication.pinnedVersion) });
  }

  return (
    <Stack gap="lg" aria-busy={loading || !loaded}>
      <Stack gap={4}>
        <Title order={2}>{strings.title}</Title>
        <Text size="sm" c="dimmed">
          {strings.intro}
        </Text>
      </Stack>

      {errorAlert}

      {!loaded ? (
        <Text role="status">{strings.loading}</Text>
      ) : !publication ? (
        errorKind !== 'fetchPublications' && (
          <Paper withBorder p="md">
            <Stack gap="sm" align="flex-start">
              <Text>{strings.notPublished}</Text>
              <AppButton onClick={() => void doPublish()} disabled={loading}>
                {loading ? strings.publishing : strings.publish}
              </AppButton>
            </Stack>
          </Paper>
        )
      ) : (
        <>
          <Paper withBorder p="md">
            <Stack gap="md">
              <Title order={3}>{strings.status.title}</Title>
              {updateError && (
                <Alert color="red" role="alert" withCloseButton closeButtonLabel={strings.closeAlert} onClose={() => setUpdateError(null)}>
                  {updateError}
                </Alert>
              )}
              <Switch
                label={strings.status.enabled}
                description={strings.status.enabledHint}
                checked={publication.enabled}
                disabled={saving}
                onChange={(event) => {
                  const enabled = event.currentTarget.checked;
                  void change({ enabled }, enabled ? strings.status.enabledOn : strings.status.enabledOff);
                }}
              />
              <Select
                label={strings.version.label}
                description={strings.version.hint}
                data={versionOptions}
                value={String(publication.pinnedVersion)}
                allowDeselect={false}
                disabled={saving}
                error={versionsError}
                onChange={(value) => {
                  if (value === null || value === String(publication.pinnedVersion)) return;
                  const pinnedVersion: PinnedVersion = value === 'current' ? 'current' : Number(value);
                  void change({ pinnedVersion }, strings.version.saved(versionLabel(pinnedVersion)));
                }}
                maw={480}
              />
              <Group>
                <AppButton variant="danger" onClick={() => setConfirmingUnpublish(true)} disabled={loading}>
                  {strings.status.unpublish}
                </AppButton>
              </Group>
            </Stack>
          </Paper>

          <EndpointList agentId={agentId} addresses={addresses} />
          <Divider />
          <ApiKeysSection keys={keys} busy={loading} onCreate={doCreateKey} onRevoke={doRevokeKey} />
          <Divider />
          <CodeExamples agentId={agentId} agentName={agentName ?? publication.name} addresses={addresses} secret={lastSecret} />
          <Divider />
          <UsageSection days={usage} error={usageError} keys={keys} onRetry={() => void loadUsage(publication.id)} />
        </>
      )}

      <SecretModal secret={secret} onClose={() => setSecret(null)} />

      <AppModal opened={confirmingUnpublish} onClose={() => !unpublishing && setConfirmingUnpublish(false)} title={strings.status.unpublishTitle}>
        <Stack gap="md">
          <Text>{strings.status.unpublishConfirm}</Text>
          <Group justify="flex-end" gap="sm">
            <AppButton variant="outline" onClick={() => setConfirmingUnpublish(false)} disabled={unpublishing}>
              {strings.status.cancel}
            </AppButton>
            <AppButton variant="danger" onClick={() => void doUnpublish()} disabled={unpublishing}>
              {unpublishing ? strings.status.unpublishing : strings.status.unpublishAction}
            </AppButton>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}
