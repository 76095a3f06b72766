import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The OpenAPI document is the contract the renderer's types are generated from, so in the modules
 * listed here it must say exactly what comes back: every 2xx answer has a schema whose every value
 * has a type (no bare `object`), every error answer is the one error body, a route behind the
 * bearer token declares its 401 and a route with a body its 400. A new module's prefix is added to
 * CHECKED_PATHS; the failure lists offenders by operation.
 */
const CHECKED_PATHS = [
  '/api/health',
  '/api/config',
  '/api/users',
  '/api/agent-prompts',
  '/api/fine-tuning',
  '/api/user-agents',
  '/api/user-ecosystems',
  '/api/files',
  '/api/support',
  '/api/contact',
  '/api/assistant',
  '/api/models',
  '/api/conversations',
  '/api/bedrock',
  '/api/agent-creator',
  '/api/collaboration',
  '/api/flows',
  '/api/agents',
  '/api/marketplace',
  '/api/ecosystems',
  '/api/publications',
  '/api/publication',
  '/api/agent',
  '/api/v1',
  '/api/a2a',
  '/api/stripe',
  '/api/stripe-user-subscriptions',
  '/api/reviews',
  '/api/creators',
  '/api/me/export',
  '/api/me/delete',
  '/api/me/api-keys',
  '/api/me/api-usage',
  '/api/me/api-invoices',
  '/metrics',
  '/idp',
  '/api-admin/users',
  '/api-admin/agents',
  '/api-admin/metrics',
  '/api-admin/stripe',
  '/api-admin/moderation',
  '/api-admin/audit',
  '/api-admin/payouts',
  '/api-admin/reports',
];

/**
 * Operations (or one status of one) whose errors are not the error body: the health check's and
 * the readiness probe's 503 report each dependency; applying a fine-tuning session answers `{ success: false, message }`
 * (spec section 8); the OpenAI-compatible routes answer in OpenAI's error shape, and MCP refuses
 * a message it cannot take with a JSON-RPC error (its key's refusals are the error body), A2A
 * answers the key's refusals with one; the
 * embedded identity service answers in Amazon Cognito's.
 */
const OWN_ERROR_BODIES: Record<string, string> = {
  'GET /api/health': '#/components/schemas/HealthDto',
  'GET /api/health/ready': '#/components/schemas/ReadinessDto',
  'POST /api/fine-tuning/sessions/{id}/apply': '#/components/schemas/ApplyResultDto',
  'GET /api/v1/models': '#/components/schemas/OpenAiErrorBodyDto',
  'POST /api/v1/chat/completions': '#/components/schemas/OpenAiErrorBodyDto',
  'POST /api/v1/agent/{id}/mcp 400': '#/components/schemas/JsonRpcErrorDto',
  'POST /api/v1/agent/{id}/mcp 406': '#/components/schemas/JsonRpcErrorDto',
  'POST /api/v1/agent/{id}/mcp 415': '#/components/schemas/JsonRpcErrorDto',
  'POST /api/a2a/{id} 401': '#/components/schemas/A2aJsonRpcErrorDto',
  'POST /api/a2a/{id} 403': '#/components/schemas/A2aJsonRpcErrorDto',
  'POST /api/a2a/{id} 404': '#/components/schemas/A2aJsonRpcErrorDto',
  'POST /api/a2a/{id} 429': '#/components/schemas/A2aJsonRpcErrorDto',
  'POST /idp': '#/components/schemas/CognitoErrorBodyDto',
  'GET /idp/{poolId}/.well-known/jwks.json': '#/components/schemas/CognitoErrorBodyDto',
};

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}

interface Response {
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}

interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
}

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, Response>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const ERROR_BODY_REF = '#/components/schemas/ErrorBodyDto';

/** Where in a schema a value has no type or is an object with nothing declared, e.g. `MessageDto.usage`. */
function untypedValues(schema: Schema | undefined, at: string, document: OpenApiDocument, seen = new Set<string>()): string[] {
  if (!schema) return [`${at}: sin esquema`];
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    if (seen.has(name)) return [];
    seen.add(name);
    return untypedValues(document.components.schemas[name], name, document, seen);
  }
  const composed = schema.allOf ?? schema.oneOf ?? schema.anyOf;
  if (composed) return composed.flatMap((part) => untypedValues(part, at, document, seen));
  if (schema.enum?.length) return [];
  switch (schema.type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const extra = schema.additionalProperties;
      if (!properties.length && extra === undefined) return [`${at}: object sin propiedades`];
      return [
        ...properties.flatMap(([name, property]) => untypedValues(property, `${at}.${name}`, document, seen)),
        ...(typeof extra === 'object' ? untypedValues(extra, `${at}[clave]`, document, seen) : []),
      ];
    }
    case 'array':
      return untypedValues(schema.items, `${at}[]`, document, seen);
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return [];
    default:
      return [`${at}: sin tipo`];
  }
}

function inScope(path: string): boolean {
  return CHECKED_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

function checkedOperations(document: OpenApiDocument): [string, Operation][] {
  return Object.entries(document.paths)
    .filter(([path]) => inScope(path))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${path}`, operation]),
    );
}

/** Each DTO class of backend/src with the files that declare a class of that name. */
function dtoClassFiles(directory = join(__dirname, '../../src')): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    for (const [, name] of readFileSync(path, 'utf8').matchAll(/^export class (\w+Dto)\b/gm)) {
      found.set(name, [...(found.get(name) ?? []), path.slice(directory.length + 1)]);
    }
  }
  return found;
}

describe('The OpenAPI document of the described modules', () => {
  let testApp: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    testApp = await createTestApp();
    document = (await request(testApp.server).get('/api/docs-json').expect(200)).body as OpenApiDocument;
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('names each DTO class apart: the document keeps one schema per name, so a second class of that name would describe the routes of the other', () => {
    const shared = [...dtoClassFiles()].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(shared).toEqual([]);
  });

  it('covers every checked prefix (a renamed route does not silently leave the check)', () => {
    const operations = checkedOperations(document).map(([name]) => name);
    const unmatched = CHECKED_PATHS.filter((prefix) => !operations.some((name) => name.split(' ')[1].startsWith(prefix)));
    expect(unmatched).toEqual([]);
  });

  it('checks every route of the document: a new module is described exactly before it joins CHECKED_PATHS, and it must join', () => {
    const unchecked = Object.keys(document.paths).filter((path) => !inScope(path));
    expect(unchecked).toEqual([]);
  });

  it('gives every successful answer a schema in which every value has a type', () => {
    const offenders = checkedOperations(document).flatMap(([name, operation]) => {
      const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      if (!successes.length) return [`${name}: ninguna respuesta 2xx`];
      return successes.flatMap(([status, response]) => {
        // No body: 204, and MCP's 202 to a notification.
        if (status === '204' || status === '202') return [];
        const contents = Object.entries(response.content ?? {});
        if (!contents.length) return [`${name} ${status}: sin contenido`];
        return contents.flatMap(([mediaType, { schema }]) =>
          untypedValues(schema, 'respuesta', document).map((problem) => `${name} ${status} ${mediaType}: ${problem}`),
        );
      });
    });
    expect(offenders).toEqual([]);
  });

  it('types every request body and query parameter', () => {
    const offenders = checkedOperations(document).flatMap(([name, operation]) => [
      ...Object.entries(operation.requestBody?.content ?? {}).flatMap(([mediaType, { schema }]) =>
        untypedValues(schema, 'cuerpo', document).map((problem) => `${name} ${mediaType}: ${problem}`),
      ),
      ...(operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .flatMap((parameter) => untypedValues(parameter.schema, `?${parameter.name}`, document).map((problem) => `${name}: ${problem}`)),
    ]);
    expect(offenders).toEqual([]);
  });

  it('answers every declared error with the one error body', () => {
    const offenders = checkedOperations(document).flatMap(([name, operation]) =>
      Object.entries(operation.responses)
        .filter(([status]) => /^[45]/.test(status))
        .filter(([status, response]) => response.content?.['application/json']?.schema?.$ref !== (OWN_ERROR_BODIES[`${name} ${status}`] ?? OWN_ERROR_BODIES[name] ?? ERROR_BODY_REF))
        .map(([status]) => `${name} ${status}`),
    );
    expect(offenders).toEqual([]);
    expect(untypedValues({ $ref: ERROR_BODY_REF }, 'error', document)).toEqual([]);
  });

  it('declares 401 behind the bearer token and 400 where a body is validated', () => {
    const offenders = checkedOperations(document).flatMap(([name, operation]) => {
      const missing: string[] = [];
      // A public route lists the empty requirement beside the bearer token: signing in is optional there.
      const requirements = operation.security ?? [];
      const signedIn = requirements.some((requirement) => 'bearer' in requirement) && !requirements.some((requirement) => !Object.keys(requirement).length);
      if (signedIn && !operation.responses['401']) missing.push(`${name}: falta 401`);
      if (operation.requestBody && !operation.responses['400']) missing.push(`${name}: falta 400`);
      return missing;
    });
    expect(offenders).toEqual([]);
  });
});
