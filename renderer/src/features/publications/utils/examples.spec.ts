import { agentApiAddresses, absoluteUrl, publicationAddresses } from './baseUrl';
import { buildExample, EXAMPLE_IDS, mcpServerName } from './examples';

const input = {
  agentId: 'a1b2',
  agentName: 'Asesor Jurídico',
  addresses: agentApiAddresses('https://nova.example.com/', 'a1b2', 'p1'),
  apiKey: 'TU_CLAVE_DE_API',
  sampleInput: "¿Qué es l'IVA?",
};

describe('ready-to-copy examples', () => {
  it('build the addresses under {base}/api/v1', () => {
    expect(input.addresses).toEqual({
      invoke: 'https://nova.example.com/api/v1/agent/a1b2/invoke',
      openaiBase: 'https://nova.example.com/api/v1',
      chatCompletions: 'https://nova.example.com/api/v1/chat/completions',
      models: 'https://nova.example.com/api/v1/models',
      mcp: 'https://nova.example.com/api/v1/agent/a1b2/mcp',
      a2aAgentCard: 'https://nova.example.com/api/a2a/a1b2/.well-known/agent-card.json',
      openapi: 'https://nova.example.com/api/publication/p1/openapi.json',
    });
    expect(absoluteUrl('/api/v1/models', 'http://localhost:3000')).toBe('http://localhost:3000/api/v1/models');
    expect(absoluteUrl('https://x.test/a', 'http://localhost:3000')).toBe('https://x.test/a');
  });

  it("take the publication's own addresses, made full against the base", () => {
    const addresses = publicationAddresses('http://localhost:3000', 'a1b2', {
      id: 'p1',
      endpoints: { invoke: '/api/v1/agent/a1b2/invoke', chatCompletions: '/api/v1/chat/completions', mcp: 'https://mcp.example.com/a1b2' },
    });
    expect(addresses).toMatchObject({
      invoke: 'http://localhost:3000/api/v1/agent/a1b2/invoke',
      openaiBase: 'http://localhost:3000/api/v1',
      models: 'http://localhost:3000/api/v1/models',
      mcp: 'https://mcp.example.com/a1b2',
      a2aAgentCard: 'http://localhost:3000/api/a2a/a1b2/.well-known/agent-card.json',
      openapi: 'http://localhost:3000/api/publication/p1/openapi.json',
    });
  });

  it('quote the body for the shell, so that an apostrophe in the question survives', () => {
    expect(buildExample('curl', input)).toBe(
      [
        "curl -X POST 'https://nova.example.com/api/v1/agent/a1b2/invoke' \\",
        "  -H 'Authorization: Bearer TU_CLAVE_DE_API' \\",
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"input":"¿Qué es l'\\''IVA?","context":{},"fileIds":[]}'`,
      ].join('\n'),
    );
  });

  it('name the agent id as the model for the openai clients and give the MCP client a bearer header', () => {
    expect(buildExample('openaiPython', input)).toContain('model="a1b2"');
    expect(buildExample('openaiJs', input)).toContain('baseURL: "https://nova.example.com/api/v1"');
    expect(JSON.parse(buildExample('mcp', input))).toEqual({
      mcpServers: {
        'asesor-juridico': { type: 'http', url: 'https://nova.example.com/api/v1/agent/a1b2/mcp', headers: { Authorization: 'Bearer TU_CLAVE_DE_API' } },
      },
    });
    expect(mcpServerName('¡¡!!', 'abcdef123456')).toBe('agente-abcdef12');
    for (const id of EXAMPLE_IDS) expect(buildExample(id, input)).toContain('a1b2');
  });
});
