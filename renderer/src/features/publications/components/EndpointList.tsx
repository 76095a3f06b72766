import { Code, Group, Stack, Text, Title } from '@mantine/core';
import { publicationsStrings as strings } from '../strings';
import type { AgentApiAddresses } from '../utils/baseUrl';
import { CopyValueButton } from './CopyValueButton';

export interface EndpointListProps {
  agentId: string;
  addresses: AgentApiAddresses;
}

/** The addresses other software calls, each with a copy button. */
export function EndpointList({ agentId, addresses }: EndpointListProps) {
  const rows: Array<[label: string, url: string]> = [
    [strings.endpoints.invoke, addresses.invoke],
    [strings.endpoints.openaiBase, addresses.openaiBase],
    [strings.endpoints.chatCompletions, addresses.chatCompletions],
    [strings.endpoints.models, addresses.models],
    [strings.endpoints.mcp, addresses.mcp],
    [strings.endpoints.a2aAgentCard, addresses.a2aAgentCard],
    ...(addresses.openapi ? ([[strings.endpoints.openapi, addresses.openapi]] as Array<[string, string]>) : []),
  ];
  return (
    <Stack gap="sm">
      <Title order={3} id="publication-endpoints-title">
        {strings.endpoints.title}
      </Title>
      {/* A list rather than a table: long addresses wrap and a phone shows them whole. */}
      <Stack component="ul" gap="sm" aria-labelledby="publication-endpoints-title" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map(([label, url]) => (
          <li key={label}>
            <Text size="sm" fw={600}>
              {label}
            </Text>
            <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
              <Code style={{ wordBreak: 'break-all', minWidth: 0 }}>{url}</Code>
              <CopyValueButton value={url} what={label} />
            </Group>
          </li>
        ))}
      </Stack>
      <Text size="sm" c="dimmed">
        {strings.endpoints.modelHint(agentId)}
      </Text>
    </Stack>
  );
}
