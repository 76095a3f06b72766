import { ConfigValidationError, loadConfig } from '../../config/app-config';

describe('the tools configuration (TOOL_SECRETS_KEY, TOOL_ALLOWED_HOSTS)', () => {
  it('defaults: a key kept under DATA_DIR, and no host allowed beyond public addresses', () => {
    expect(loadConfig({}).tools).toEqual({ secretsKey: null, allowedHosts: [] });
  });

  it('reads the allowed hosts lower-cased, with ports and IPv6 literals, and the key as given', () => {
    const key = 'ab'.repeat(32);
    expect(loadConfig({ TOOL_ALLOWED_HOSTS: ' MCP.Interno:8080, 127.0.0.1:3001,[::1]:9000,api.local ', TOOL_SECRETS_KEY: key }).tools).toEqual({
      secretsKey: key,
      allowedHosts: ['mcp.interno:8080', '127.0.0.1:3001', '[::1]:9000', 'api.local'],
    });
  });

  it.each([
    ['TOOL_SECRETS_KEY', 'corta'],
    ['TOOL_SECRETS_KEY', 'zz'.repeat(32)],
    ['TOOL_ALLOWED_HOSTS', 'http://mcp.interno'],
    ['TOOL_ALLOWED_HOSTS', 'mcp.interno:puerto'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigValidationError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Configuración no válida:\\n  ${name}: `));
  });
});
