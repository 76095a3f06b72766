import { Code, Group, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import { publicationsStrings as strings } from '../strings';
import { buildExample, EXAMPLE_IDS, type ExampleId, type ExampleInput } from '../utils/examples';
import { CopyValueButton } from './CopyValueButton';

export interface CodeExamplesProps extends Omit<ExampleInput, 'apiKey' | 'sampleInput'> {
  /** The secret of a key created on this visit; otherwise the examples show a placeholder. */
  secret: string | null;
}

const LABELS: Record<ExampleId, string> = {
  curl: strings.examples.curl,
  fetch: strings.examples.fetch,
  requests: strings.examples.requests,
  openaiJs: strings.examples.openaiJs,
  openaiPython: strings.examples.openaiPython,
  mcp: strings.examples.mcp,
};

/** curl, fetch, requests, the `openai` clients and an MCP client's configuration, ready to copy. */
export function CodeExamples({ secret, ...input }: CodeExamplesProps) {
  const apiKey = secret ?? strings.examples.keyPlaceholder;
  return (
    <Stack gap="sm">
      <Title order={3}>{strings.examples.title}</Title>
      <Text size="sm" c="dimmed">
        {secret ? strings.examples.secretNote : strings.examples.placeholderNote}
      </Text>
      <Tabs defaultValue="curl" keepMounted={false}>
        <Tabs.List aria-label={strings.examples.tabsLabel}>
          {EXAMPLE_IDS.map((id) => (
            <Tabs.Tab key={id} value={id}>
              {LABELS[id]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {EXAMPLE_IDS.map((id) => {
          const code = buildExample(id, { ...input, apiKey, sampleInput: strings.examples.sampleInput });
          return (
            <Tabs.Panel key={id} value={id} pt="sm">
              <Stack gap="xs">
                <Group justify="flex-end">
                  <CopyValueButton value={code} what={LABELS[id]} />
                </Group>
                <ScrollArea type="auto" offsetScrollbars>
                  {/* Focusable so that keyboard users can scroll a long line (WCAG 2.1.1). */}
                  <Code block tabIndex={0} aria-label={strings.examples.codeLabel(LABELS[id])} role="region">
                    {code}
                  </Code>
                </ScrollArea>
              </Stack>
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </Stack>
  );
}
