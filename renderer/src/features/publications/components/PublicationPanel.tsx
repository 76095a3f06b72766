import { Alert, Divider, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../shared/api';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import {
  publicationsMutationKey,
  useAgentPublication,
  useApiKeys,
  useCreateApiKey,
  usePromptVersions,
  usePublicationUsage,
  usePublish,
  useRevokeApiKey,
  useUnpublish,
  useUpdatePublication,
  type ApiKey,
  type NewApiKey,
  type PinnedVersion,
  type PublicationChanges,
} from '../api/publicationsQueries';
import { PUBLICATION_ERRORS, publicationErrorKind, type PublicationErrorKind, type PublicationErrorText } from '../state/publicationErrors';
import { publicationsStrings as strings } from '../strings';
import { agentApiAddresses, publicationAddresses, publicBaseUrl } from '../utils/baseUrl';
import { ApiKeysSection } from './ApiKeysSection';
import { BuyersSection } from './BuyersSection';
import { CodeExamples } from './CodeExamples';
import { EndpointList } from './EndpointList';
import { PricingSection } from './PricingSection';
import { SecretModal } from './SecretModal';
import { UsageSection } from './UsageSection';

export interface PublicationPanelProps {
  agentId: string;
  /** Names the MCP server in the client configuration example; the publication's name otherwise. */
  agentName?: string;
}

const EMPTY_KEYS: ApiKey[] = [];

/** The server's own (Spanish) explanation of a refusal, shown under the spec's error. */
function detailOf(error: unknown): string | null {
  return isApiError(error) && error.kind === 'http' && error.message ? error.message : null;
}

function messageOf(error: unknown, fallback: string): string {
  return detailOf(error) ?? fallback;
}

/** The spec's error field (section 8's text) and the server's explanation, if it sent one. */
interface Failure {
  error: PublicationErrorText;
  detail: string | null;
}

/**
 * The agent editor's 'Publicar como API' tab: publish and unpublish, switch the API on and off,
 * pin a prompt version, the addresses, the keys (each secret shown once), ready-to-copy examples
 * and the usage per day and per key.
 */
export function PublicationPanel({ agentId, agentName }: PublicationPanelProps) {
  const toast = useToast();
  const publicationQuery = useAgentPublication(agentId);
  const publication = publicationQuery.data ?? null;
  const publicationId = publication?.id ?? null;
  const keysQuery = useApiKeys(publicationId);
  const keys = keysQuery.data ?? EMPTY_KEYS;
  const usageQuery = usePublicationUsage(publicationId);
  const versionsQuery = usePromptVersions(agentId, publicationId !== null);
  const versions = versionsQuery.data ?? null;
  const publish = usePublish();
  const unpublish = useUnpublish();
  const update = useUpdatePublication();
  const createKey = useCreateApiKey();
  const revokeKey = useRevokeApiKey();
  const changing = useIsMutating({ mutationKey: publicationsMutationKey }) > 0;
  const loading = changing || publicationQuery.isFetching || keysQuery.isFetching;

  // The last change that failed (spec section 4: pending clears it, rejected stores the spec's text).
  const [failure, setFailure] = useState<Failure | null>(null);
  // A failed load whose alert was closed stays closed until the load fails again.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  // The last secret made on this visit fills the examples; it lives only in this component.
  const [lastSecret, setLastSecret] = useState<string | null>(null);
  const [confirmingUnpublish, setConfirmingUnpublish] = useState(false);
  const [updateError, setUpdateError] = useState<string | null>(null);

  // A load tried again shows as loading, not as its last failure.
  const loadFailed = (query: { isError: boolean; isFetching: boolean; error: unknown }) =>
    query.isError && !query.isFetching && query.error !== dismissed;
  const loaded = publicationQuery.isSuccess || (publicationQuery.isError && !publicationQuery.isFetching);
  const loadError = loadFailed(publicationQuery)
    ? { kind: 'fetchPublications' as const, cause: publicationQuery.error }
    : publicationId && loadFailed(keysQuery)
      ? { kind: 'fetchKeys' as const, cause: keysQuery.error }
      : null;
  const shown: Failure | null = failure ?? (loadError && { error: PUBLICATION_ERRORS[loadError.kind], detail: detailOf(loadError.cause) });

  const pending = () => setFailure(null);
  const failed = (kind: PublicationErrorKind) => (cause: unknown) => setFailure({ error: PUBLICATION_ERRORS[kind], detail: detailOf(cause) });
  const clearError = () => (failure ? setFailure(null) : setDismissed(loadError?.cause ?? null));

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

  const doPublish = () => {
    pending();
    publish.mutate(agentId, {
      onSuccess: (created) => {
        toast.success(strings.published);
        showSecret(created.apiKey.name || strings.defaultKeyName, created.apiKey.secret);
        // The answer, secret included, leaves the mutation cache (gcTime 0): only this component keeps it.
        publish.reset();
      },
      onError: failed('createPublication'),
    });
  };

  const doUnpublish = () => {
    if (!publication) return;
    pending();
    unpublish.mutate(publication.id, {
      onSuccess: () => {
        toast.success(strings.status.unpublished);
        setLastSecret(null);
      },
      onError: failed('deletePublication'),
      onSettled: () => setConfirmingUnpublish(false),
    });
  };

  // The spec's catalogue has no text for an update: its failure is shown beside the control.
  const change = (changes: PublicationChanges, done: string) => {
    if (!publication) return;
    setUpdateError(null);
    update.mutate(
      { publicationId: publication.id, changes },
      {
        onSuccess: () => toast.success(done),
        onError: (cause) => setUpdateError(messageOf(cause, strings.status.updateFailed)),
      },
    );
  };

  const doCreateKey = async (key: NewApiKey): Promise<boolean> => {
    if (!publication) return false;
    pending();
    try {
      const created = await createKey.mutateAsync({ publicationId: publication.id, key });
      toast.success(strings.keys.created(created.name));
      showSecret(created.name, created.secret);
      createKey.reset();
      return true;
    } catch (cause) {
      failed('createKey')(cause);
      return false;
    }
  };

  const doRevokeKey = async (key: ApiKey): Promise<boolean> => {
    if (!publication) return false;
    pending();
    try {
      await revokeKey.mutateAsync({ publicationId: publication.id, keyId: key.keyId });
      toast.success(strings.keys.revoked(key.name));
      return true;
    } catch (cause) {
      failed('deleteKey')(cause);
      return false;
    }
  };

  const errorKind = publicationErrorKind(shown?.error ?? null);
  const errorAlert = errorKind && (
    <Alert color="red" role="alert" withCloseButton closeButtonLabel={strings.closeAlert} onClose={clearError}>
      <Stack gap={4} align="flex-start">
        <Text size="sm" fw={600}>
          {strings.errors[errorKind]}
        </Text>
        {shown?.detail && <Text size="sm">{shown.detail}</Text>}
        {errorKind === 'fetchPublications' && (
          <AppButton size="xs" variant="outline" onClick={() => void publicationQuery.refetch()}>
            {strings.retry}
          </AppButton>
        )}
        {errorKind === 'fetchKeys' && publication && (
          <AppButton size="xs" variant="outline" onClick={() => void keysQuery.refetch()}>
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
              <AppButton onClick={doPublish} disabled={loading}>
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
                disabled={update.isPending}
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
                disabled={update.isPending}
                error={versionsQuery.isError && !versionsQuery.isFetching ? strings.version.loadFailed : null}
                onChange={(value) => {
                  if (value === null || value === String(publication.pinnedVersion)) return;
                  const pinnedVersion: PinnedVersion = value === 'current' ? 'current' : Number(value);
                  void change({ pinnedVersion }, strings.version.saved(versionLabel(pinnedVersion)));
                }}
                maw={480}
              />
              {versionsQuery.isError && !versionsQuery.isFetching && (
                <Group>
                  <AppButton size="xs" variant="outline" onClick={() => void versionsQuery.refetch()} aria-label={strings.version.retryLabel}>
                    {strings.retry}
                  </AppButton>
                </Group>
              )}
              <Group>
                <AppButton variant="danger" onClick={() => setConfirmingUnpublish(true)} disabled={loading}>
                  {strings.status.unpublish}
                </AppButton>
              </Group>
            </Stack>
          </Paper>

          <EndpointList agentId={agentId} addresses={addresses} />
          <Divider />
          <PricingSection publicationId={publication.id} />
          <BuyersSection publicationId={publication.id} />
          <Divider />
          <ApiKeysSection keys={keys} busy={loading} onCreate={doCreateKey} onRevoke={doRevokeKey} />
          <Divider />
          <CodeExamples agentId={agentId} agentName={agentName ?? publication.name} addresses={addresses} secret={lastSecret} />
          <Divider />
          <UsageSection
            days={usageQuery.data ?? null}
            error={loadFailed(usageQuery) ? messageOf(usageQuery.error, strings.usage.loadFailed) : null}
            keys={keys}
            onRetry={() => void usageQuery.refetch()}
          />
        </>
      )}

      <SecretModal secret={secret} onClose={() => setSecret(null)} />

      <AppModal opened={confirmingUnpublish} onClose={() => !unpublish.isPending && setConfirmingUnpublish(false)} title={strings.status.unpublishTitle}>
        <Stack gap="md">
          <Text>{strings.status.unpublishConfirm}</Text>
          <Group justify="flex-end" gap="sm">
            <AppButton variant="outline" onClick={() => setConfirmingUnpublish(false)} disabled={unpublish.isPending}>
              {strings.status.cancel}
            </AppButton>
            <AppButton variant="danger" onClick={doUnpublish} disabled={unpublish.isPending}>
              {unpublish.isPending ? strings.status.unpublishing : strings.status.unpublishAction}
            </AppButton>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}
