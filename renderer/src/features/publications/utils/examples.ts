import type { AgentApiAddresses } from './baseUrl';

export type ExampleId = 'curl' | 'fetch' | 'requests' | 'openaiJs' | 'openaiPython' | 'mcp';

export const EXAMPLE_IDS: readonly ExampleId[] = ['curl', 'fetch', 'requests', 'openaiJs', 'openaiPython', 'mcp'];

export interface ExampleInput {
  agentId: string;
  agentName: string;
  addresses: AgentApiAddresses;
  /** The key itself just after it was created, a placeholder otherwise. */
  apiKey: string;
  /** The question the examples ask. */
  sampleInput: string;
}

/** A POSIX shell single-quoted word. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A JavaScript and Python string literal (JSON's double-quoted strings are valid in both). */
const literal = (value: string) => JSON.stringify(value);

/** A short, stable name for the MCP server entry, from the agent's name. */
export function mcpServerName(agentName: string, agentId: string): string {
  const slug = agentName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug || `agente-${agentId.slice(0, 8)}`;
}

/** Ready-to-copy code calling the published agent, with its real addresses and id. */
export function buildExample(id: ExampleId, input: ExampleInput): string {
  const { agentId, addresses, apiKey, sampleInput } = input;
  const invokeBody = { input: sampleInput, context: {}, fileIds: [] as string[] };
  switch (id) {
    case 'curl':
      return [
        `curl -X POST ${shellQuote(addresses.invoke)} \\`,
        `  -H ${shellQuote(`Authorization: Bearer ${apiKey}`)} \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -d ${shellQuote(JSON.stringify(invokeBody))}`,
      ].join('\n');
    case 'fetch':
      return [
        `const response = await fetch(${literal(addresses.invoke)}, {`,
        `  method: 'POST',`,
        `  headers: {`,
        `    Authorization: ${literal(`Bearer ${apiKey}`)},`,
        `    'Content-Type': 'application/json',`,
        `  },`,
        `  body: JSON.stringify({ input: ${literal(sampleInput)}, context: {}, fileIds: [] }),`,
        `});`,
        `if (!response.ok) throw new Error(\`Error \${response.status}: \${await response.text()}\`);`,
        `const { output } = await response.json();`,
        `console.log(output);`,
      ].join('\n');
    case 'requests':
      return [
        `import requests`,
        ``,
        `response = requests.post(`,
        `    ${literal(addresses.invoke)},`,
        `    headers={"Authorization": ${literal(`Bearer ${apiKey}`)}},`,
        `    json={"input": ${literal(sampleInput)}, "context": {}, "fileIds": []},`,
        `    timeout=120,`,
        `)`,
        `response.raise_for_status()`,
        `print(response.json()["output"])`,
      ].join('\n');
    case 'openaiJs':
      return [
        `import OpenAI from 'openai';`,
        ``,
        `const client = new OpenAI({`,
        `  baseURL: ${literal(addresses.openaiBase)},`,
        `  apiKey: ${literal(apiKey)},`,
        `});`,
        ``,
        `const completion = await client.chat.completions.create({`,
        `  model: ${literal(agentId)},`,
        `  messages: [{ role: 'user', content: ${literal(sampleInput)} }],`,
        `});`,
        `console.log(completion.choices[0].message.content);`,
      ].join('\n');
    case 'openaiPython':
      return [
        `from openai import OpenAI`,
        ``,
        `client = OpenAI(`,
        `    base_url=${literal(addresses.openaiBase)},`,
        `    api_key=${literal(apiKey)},`,
        `)`,
        ``,
        `completion = client.chat.completions.create(`,
        `    model=${literal(agentId)},`,
        `    messages=[{"role": "user", "content": ${literal(sampleInput)}}],`,
        `)`,
        `print(completion.choices[0].message.content)`,
      ].join('\n');
    case 'mcp':
      return JSON.stringify(
        {
          mcpServers: {
            [mcpServerName(input.agentName, agentId)]: {
              type: 'http',
              url: addresses.mcp,
              headers: { Authorization: `Bearer ${apiKey}` },
            },
          },
        },
        null,
        2,
      );
  }
}
