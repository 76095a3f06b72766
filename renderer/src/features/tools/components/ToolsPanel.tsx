import { Alert, Badge, FileButton, Group, Paper, PasswordInput, SegmentedControl, Select, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { AppButton, ConfirmModal, LoadStatus, useToast } from '../../../shared/ui';
import {
  type NewToolSource,
  type ToolSource,
  useAddToolSource,
  useDeleteToolSource,
  useRefreshToolSource,
  useTestTool,
  useToolSources,
  useUpdateToolSwitches,
} from '../api/toolsQueries';
import { toolsStrings as strings } from '../strings';

export interface ToolsPanelProps {
  agentId: string;
}

type Tool = ToolSource['tools'][number];
type AuthType = 'none' | 'bearer' | 'header';

/** The server's Spanish message (the API client puts it in the error), or a generic one. */
const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : strings.genericError);

function parameterNames(tool: Tool): string[] {
  const properties = (tool.parameters as { properties?: Record<string, unknown> }).properties;
  return properties ? Object.keys(properties) : [];
}

/** A starting point for 'Probar': the required arguments with an empty value of their type. */
function argumentsSkeleton(tool: Tool): string {
  const schema = tool.parameters as { properties?: Record<string, { type?: unknown }>; required?: string[] };
  const empty: Record<string, unknown> = { string: '', number: 0, integer: 0, boolean: false, array: [], object: {} };
  const entries = (schema.required ?? []).map((name) => [name, empty[String(schema.properties?.[name]?.type)] ?? null]);
  return JSON.stringify(Object.fromEntries(entries), null, 2);
}

/** The form that connects an MCP server or an OpenAPI API. */
function AddSourceForm({ agentId }: { agentId: string }) {
  const add = useAddToolSource(agentId);
  const toast = useToast();
  const [type, setType] = useState<'mcp' | 'openapi'>('mcp');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [document, setDocument] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [authType, setAuthType] = useState<AuthType>('none');
  const [headerName, setHeaderName] = useState('');
  const [secret, setSecret] = useState('');

  const upload = (file: File | null) => {
    if (file) void file.text().then(setDocument);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const auth: NewToolSource['auth'] =
      authType === 'none' ? { type: 'none' } : authType === 'bearer' ? { type: 'bearer', value: secret } : { type: 'header', headerName, value: secret };
    const body: NewToolSource =
      type === 'mcp' ? { type, name: name.trim(), url: url.trim(), auth } : { type, name: name.trim(), openapi: document, ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}), auth };
    try {
      const source = await add.mutateAsync(body);
      if (source.status === 'ready') toast.success(strings.added(source.name));
      else toast.error({ title: source.name, message: strings.failed(source.error) });
      setName('');
      setUrl('');
      setDocument('');
      setBaseUrl('');
      setSecret('');
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const ready = name.trim() !== '' && (type === 'mcp' ? url.trim() !== '' : document.trim() !== '') && (authType === 'none' || secret !== '') && (authType !== 'header' || headerName.trim() !== '');

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="tools-add-title">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <Title order={3} fz="md" id="tools-add-title">
            {strings.addTitle}
          </Title>
          <SegmentedControl
            aria-label={strings.typeLabel}
            value={type}
            onChange={(value) => setType(value as 'mcp' | 'openapi')}
            data={[
              { value: 'mcp', label: strings.typeMcp },
              { value: 'openapi', label: strings.typeOpenApi },
            ]}
          />
          <TextInput label={strings.nameLabel} placeholder={strings.namePlaceholder} value={name} onChange={(event) => setName(event.currentTarget.value)} required />
          {type === 'mcp' ? (
            <TextInput label={strings.urlLabel} placeholder={strings.urlPlaceholder} value={url} onChange={(event) => setUrl(event.currentTarget.value)} required />
          ) : (
            <>
              <Textarea
                label={strings.documentLabel}
                value={document}
                onChange={(event) => setDocument(event.currentTarget.value)}
                autosize
                minRows={4}
                maxRows={12}
                required
              />
              <Group>
                <FileButton onChange={upload} accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml">
                  {(props) => (
                    <AppButton {...props} variant="outline" size="xs">
                      {strings.uploadDocument}
                    </AppButton>
                  )}
                </FileButton>
              </Group>
              <TextInput label={strings.baseUrlLabel} description={strings.baseUrlDescription} value={baseUrl} onChange={(event) => setBaseUrl(event.currentTarget.value)} />
            </>
          )}
          <Select
            label={strings.authLabel}
            value={authType}
            onChange={(value) => setAuthType((value as AuthType | null) ?? 'none')}
            allowDeselect={false}
            data={[
              { value: 'none', label: strings.authNone },
              { value: 'bearer', label: strings.authBearer },
              { value: 'header', label: strings.authHeader },
            ]}
          />
          {authType === 'header' && (
            <TextInput label={strings.headerNameLabel} placeholder="X-Api-Key" value={headerName} onChange={(event) => setHeaderName(event.currentTarget.value)} required />
          )}
          {authType !== 'none' && (
            <PasswordInput label={strings.secretLabel} description={strings.secretDescription} value={secret} onChange={(event) => setSecret(event.currentTarget.value)} required />
          )}
          <Group>
            <AppButton type="submit" disabled={!ready || add.isPending}>
              {add.isPending ? strings.adding : strings.add}
            </AppButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** One tool: its switches, and 'Probar' with arguments as JSON. */
function ToolRow({ agentId, source, tool }: { agentId: string; source: ToolSource; tool: Tool }) {
  const update = useUpdateToolSwitches(agentId);
  const test = useTestTool(agentId);
  const toast = useToast();
  const [testing, setTesting] = useState(false);
  const [args, setArgs] = useState(() => argumentsSkeleton(tool));
  const [jsonError, setJsonError] = useState<string | null>(null);

  const change = (next: { enabled: boolean; requiresConfirmation: boolean }) =>
    update.mutate({ sourceId: source.id, tools: [{ name: tool.name, ...next }] }, { onError: (error) => toast.error(errorText(error)) });

  const run = (event: FormEvent) => {
    event.preventDefault();
    let parsed: unknown;
    try {
      parsed = JSON.parse(args.trim() || '{}');
    } catch {
      parsed = null;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      setJsonError(strings.invalidJson);
      return;
    }
    setJsonError(null);
    test.mutate({ sourceId: source.id, tool: tool.name, args: parsed as Record<string, unknown> });
  };

  return (
    <li>
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} ff="monospace" size="sm">
              {tool.name}
            </Text>
            {tool.description && (
              <Text size="sm" c="dimmed">
                {tool.description}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {strings.parameters(parameterNames(tool))}
            </Text>
          </Stack>
          <Group gap="md">
            <Switch
              label={strings.enabled}
              aria-label={strings.enabledLabel(tool.name)}
              checked={tool.enabled}
              disabled={update.isPending}
              onChange={(event) => change({ enabled: event.currentTarget.checked, requiresConfirmation: tool.requiresConfirmation })}
            />
            <Switch
              label={strings.confirmation}
              aria-label={strings.confirmationLabel(tool.name)}
              checked={tool.requiresConfirmation}
              disabled={update.isPending}
              onChange={(event) => change({ enabled: tool.enabled, requiresConfirmation: event.currentTarget.checked })}
            />
            <AppButton variant="outline" size="xs" aria-label={strings.testLabel(tool.name)} aria-expanded={testing} onClick={() => setTesting(!testing)}>
              {strings.test}
            </AppButton>
          </Group>
        </Group>
        {testing && (
          <form onSubmit={run}>
            <Stack gap="xs">
              <Textarea
                label={strings.argumentsLabel(tool.name)}
                value={args}
                onChange={(event) => setArgs(event.currentTarget.value)}
                error={jsonError}
                autosize
                minRows={2}
                ff="monospace"
              />
              <Group>
                <AppButton type="submit" size="xs" disabled={test.isPending}>
                  {test.isPending ? strings.running : strings.run}
                </AppButton>
              </Group>
              {test.error && (
                <Alert color="red" variant="light" role="alert">
                  {errorText(test.error)}
                </Alert>
              )}
              {test.data && (
                <Alert color={test.data.ok ? 'teal' : 'red'} variant="light" title={test.data.ok ? strings.resultOk : strings.resultFailed} role="status">
                  <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 320, overflow: 'auto' }}>
                    {test.data.output}
                  </Text>
                  {test.data.truncated && (
                    <Text size="xs" c="dimmed" mt={4}>
                      {strings.truncated}
                    </Text>
                  )}
                </Alert>
              )}
            </Stack>
          </form>
        )}
      </Stack>
    </li>
  );
}

/**
 * 'Herramientas': the agent's MCP servers and OpenAPI APIs with the tools found in them, each with
 * 'Activa', 'Pide confirmación' and 'Probar'; a source can be refreshed or removed.
 */
export function ToolsPanel({ agentId }: ToolsPanelProps) {
  const sources = useToolSources(agentId);
  const refresh = useRefreshToolSource(agentId);
  const remove = useDeleteToolSource(agentId);
  const toast = useToast();
  const [removing, setRemoving] = useState<ToolSource | null>(null);

  const onRefresh = async (source: ToolSource) => {
    try {
      const updated = await refresh.mutateAsync(source.id);
      if (updated.status === 'ready') toast.success(strings.refreshed(updated.name));
      else toast.error({ title: updated.name, message: strings.failed(updated.error) });
    } catch (error) {
      toast.error(errorText(error));
    }
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

      {sources.data ? (
        sources.data.length === 0 ? (
          <Text c="dimmed">{strings.empty}</Text>
        ) : (
          <ul aria-label={strings.listLabel} style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
            {sources.data.map((source) => (
              <li key={source.id}>
                <Paper withBorder p="sm" radius="md" aria-label={source.name} component="section">
                  <Stack gap="sm">
                    <Group justify="space-between" wrap="wrap" gap="sm">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Group gap="xs">
                          <Title order={3} fz="md">
                            {source.name}
                          </Title>
                          <Badge variant="light" color="gray">
                            {source.type === 'mcp' ? strings.typeMcp : strings.typeOpenApi}
                          </Badge>
                          {source.status === 'ready' && (
                            <Badge variant="light" color="teal">
                              {strings.ready(source.tools.length)}
                            </Badge>
                          )}
                        </Group>
                        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                          {source.url ?? source.baseUrl}
                          {source.auth.value ? ` · ${strings.credential(source.auth.value)}` : ''}
                        </Text>
                        {source.status === 'failed' && (
                          <Text size="sm" c="red.4">
                            {strings.failed(source.error)}
                          </Text>
                        )}
                      </Stack>
                      <Group gap="xs">
                        <AppButton variant="outline" size="xs" aria-label={strings.refreshLabel(source.name)} disabled={refresh.isPending} onClick={() => void onRefresh(source)}>
                          {strings.refresh}
                        </AppButton>
                        <AppButton variant="outline" size="xs" aria-label={strings.removeLabel(source.name)} onClick={() => setRemoving(source)}>
                          {strings.remove}
                        </AppButton>
                      </Group>
                    </Group>
                    {source.status === 'ready' &&
                      (source.tools.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {strings.noTools}
                        </Text>
                      ) : (
                        <ul aria-label={source.name} style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
                          {source.tools.map((tool) => (
                            <ToolRow key={tool.name} agentId={agentId} source={source} tool={tool} />
                          ))}
                        </ul>
                      ))}
                  </Stack>
                </Paper>
              </li>
            ))}
          </ul>
        )
      ) : (
        <LoadStatus
          error={sources.error && !sources.isFetching ? `${strings.loadError} ${errorText(sources.error)}` : null}
          loadingText={strings.loading}
          retryText={strings.retry}
          onRetry={() => void sources.refetch()}
        />
      )}

      <AddSourceForm agentId={agentId} />

      <ConfirmModal
        opened={removing !== null}
        title={strings.removeTitle}
        message={removing ? strings.removeConfirm(removing.name) : ''}
        confirmLabel={strings.remove}
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
