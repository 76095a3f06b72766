import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type components } from '../../../shared/api';

/** A tool source (MCP server or OpenAPI API) as GET/POST /api/agents/{agentId}/tools answer it. */
export type ToolSource = components['schemas']['ToolSourceDto'];
export type NewToolSource = components['schemas']['CreateToolSourceDto'];
export type ToolSwitch = components['schemas']['ToolSwitchDto'];
export type ToolTestResult = components['schemas']['ToolTestResultDto'];

/** Discovery and calls may take the server's 20 s, and a little more. */
const TOOL_REQUEST_TIMEOUT_MS = 30_000;

export const toolsKeys = {
  sources: (agentId: string) => ['tools', agentId] as const,
};

export function useToolSources(agentId: string) {
  return useQuery({
    queryKey: toolsKeys.sources(agentId),
    queryFn: async ({ signal }) => (await api.GET('/api/agents/{agentId}/tools', { params: { path: { agentId } }, signal })).data!.items,
  });
}

function useReplaceSource(agentId: string) {
  const queryClient = useQueryClient();
  return (source: ToolSource) =>
    queryClient.setQueryData<ToolSource[]>(toolsKeys.sources(agentId), (sources = []) =>
      sources.some((other) => other.id === source.id) ? sources.map((other) => (other.id === source.id ? source : other)) : [...sources, source],
    );
}

export function useAddToolSource(agentId: string) {
  const replace = useReplaceSource(agentId);
  return useMutation({
    mutationFn: async (body: NewToolSource) =>
      (await api.POST('/api/agents/{agentId}/tools', { params: { path: { agentId } }, body, signal: AbortSignal.timeout(TOOL_REQUEST_TIMEOUT_MS) })).data!,
    onSuccess: replace,
  });
}

export function useUpdateToolSwitches(agentId: string) {
  const replace = useReplaceSource(agentId);
  return useMutation({
    mutationFn: async ({ sourceId, tools }: { sourceId: string; tools: ToolSwitch[] }) =>
      (await api.PUT('/api/agents/{agentId}/tools/{toolSourceId}', { params: { path: { agentId, toolSourceId: sourceId } }, body: { tools } })).data!,
    onSuccess: replace,
  });
}

export function useRefreshToolSource(agentId: string) {
  const replace = useReplaceSource(agentId);
  return useMutation({
    mutationFn: async (sourceId: string) =>
      (
        await api.POST('/api/agents/{agentId}/tools/{toolSourceId}/refresh', {
          params: { path: { agentId, toolSourceId: sourceId } },
          signal: AbortSignal.timeout(TOOL_REQUEST_TIMEOUT_MS),
        })
      ).data!,
    onSuccess: replace,
  });
}

export function useDeleteToolSource(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sourceId: string) => {
      await api.DELETE('/api/agents/{agentId}/tools/{toolSourceId}', { params: { path: { agentId, toolSourceId: sourceId } } });
    },
    onSuccess: (_, sourceId) =>
      queryClient.setQueryData<ToolSource[]>(toolsKeys.sources(agentId), (sources = []) => sources.filter((source) => source.id !== sourceId)),
  });
}

export function useTestTool(agentId: string) {
  return useMutation({
    mutationFn: async ({ sourceId, tool, args }: { sourceId: string; tool: string; args: Record<string, unknown> }) =>
      (
        await api.POST('/api/agents/{agentId}/tools/{toolSourceId}/test', {
          params: { path: { agentId, toolSourceId: sourceId } },
          body: { tool, arguments: args },
          signal: AbortSignal.timeout(TOOL_REQUEST_TIMEOUT_MS),
        })
      ).data!,
  });
}
