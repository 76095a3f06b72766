import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import request from 'supertest';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';

/**
 * Hostile input driven by the OpenAPI document: for every operation the app documents, requests
 * built from its schemas and then broken (wrong types, null everywhere, missing and unknown
 * fields, 100 KB strings, deep nesting, arrays for objects, prototype keys, non-JSON, compressed
 * bodies, hostile path and query values), sent as a visitor, as a signed-in user and as an admin.
 * No answer may be a 5xx or show a stack trace, SQL or driver text, and another user's data must
 * come out of it unchanged. FUZZ_RUNS (cases per operation and caller) and FUZZ_SEED widen or
 * vary the run; the defaults keep it well under two minutes on two cores.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

const LEAKS = [
  /at .*\(.*:\d+:\d+\)/,
  /SQLITE_|SqliteError/,
  /QueryFailedError|EntityNotFound|TypeORM/i,
  /syntax error at or near/,
  /relation "/,
  /violates .* constraint|duplicate key value/,
  /\b(TypeError|RangeError|ReferenceError|SyntaxError)\b/,
  /node_modules|\/backend\/src\//,
  /ECONNREFUSED|ETIMEDOUT/,
];

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  example?: unknown;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
  example?: unknown;
}

interface Operation {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  path: string;
  description?: string;
  parameters: Parameter[];
  bodySchema?: Schema;
  multipart: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> }; description?: string }>>;
  components: { schemas: Record<string, Schema> };
}

/** One request to send: a body (a value to send as JSON, or raw bytes with their headers), a URL and headers. */
interface FuzzCase {
  kind: string;
  path: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  json?: unknown;
  raw?: { body: string | Buffer; contentType: string; encoding?: string };
  multipart?: { field: string; bytes: Buffer; filename: string; contentType: string; extra?: Record<string, string> };
}

type Caller = { name: 'visitor' } | { name: 'user' | 'admin'; user: SignedInUser };

/** Values that have broken parsers, routers and queries somewhere. */
const HOSTILE_TEXT = [
  '',
  ' ',
  '..',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '\u0000',
  "'",
  '"',
  "' OR '1'='1",
  '"; DROP TABLE agents; --',
  '%',
  '%00',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  'NaN',
  'ñandú Ünïcödé',
  '𝄞😀'.repeat(300),
  '\u202e\u200b\ufeff',
  'x'.repeat(5000),
];
/** Path segments sent as they are (already a URL's text), besides the encoded forms of the above. */
const RAW_SEGMENTS = ['..', '../..', '.', '%00', '%2e%2e%2f%2e%2e', '%2F', '%ZZ', '%', '%C0%AE', '%E0%80%AF', '%ED%A0%80', ';', 'a;b=c'];

const LONG_TEXT = 'x'.repeat(100_000);
const nestedValue = (levels: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = level % 2 ? [value] : { a: value };
  return value;
};

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ maxLength: 30 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  fc.constant(LONG_TEXT),
  fc.integer({ min: 8, max: 40 }).map(nestedValue),
);

function resolve(schema: Schema | undefined, document: OpenApiDocument): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(document.components.schemas[schema.$ref.split('/').pop() ?? ''], document);
  if (schema.allOf?.length === 1) return { ...resolve(schema.allOf[0], document), nullable: schema.nullable };
  return schema;
}

/** A value the schema describes (within small sizes, so that the mutations are what fails). */
function validValue(schema: Schema | undefined, document: OpenApiDocument, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, document);
  if (resolved.enum?.length) return fc.constantFrom(...resolved.enum);
  switch (resolved.type) {
    case 'string':
      if (resolved.format === 'uuid') return fc.uuid();
      if (resolved.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      return fc.oneof(
        fc.string({ minLength: Math.max(1, resolved.minLength ?? 1), maxLength: Math.min(resolved.maxLength ?? 24, 24) }),
        fc.stringMatching(/^[a-z0-9-]{1,24}$/),
      );
    case 'integer':
      return fc.integer({ min: resolved.minimum ?? 0, max: Math.min(resolved.maximum ?? 1000, 1_000_000) });
    case 'number':
      return fc.double({ min: resolved.minimum ?? 0, max: resolved.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 4 ? fc.constant([]) : fc.array(validValue(resolved.items, document, depth + 1), { maxLength: 3 });
    case 'object':
    default: {
      if (!resolved.properties || depth > 4) return fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.string({ maxLength: 8 }), { maxKeys: 3 });
      const properties = Object.fromEntries(Object.entries(resolved.properties).map(([name, property]) => [name, validValue(property, document, depth + 1)]));
      return fc.record(properties, { requiredKeys: resolved.required ?? [] });
    }
  }
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const content = operation.requestBody?.content ?? {};
      return {
        method: method as Operation['method'],
        path,
        description: operation.description,
        parameters: operation.parameters ?? [],
        bodySchema: content['application/json']?.schema ?? content['multipart/form-data']?.schema,
        multipart: 'multipart/form-data' in content,
      };
    }),
  );
}

/** Every way of breaking one body that the operation's schema allows to name. */
function bodyMutations(operation: Operation, document: OpenApiDocument): fc.Arbitrary<Pick<FuzzCase, 'kind' | 'json' | 'raw'>> {
  const schema = resolve(operation.bodySchema, document);
  const base = validValue(operation.bodySchema, document) as fc.Arbitrary<unknown>;
  const fields = Object.keys(schema.properties ?? {});
  const field = fields.length ? fc.constantFrom(...fields) : fc.stringMatching(/^[a-z]{1,8}$/);
  const withField = (kind: string, value: fc.Arbitrary<unknown>) =>
    fc.tuple(base, field, value).map(([body, name, replacement]) => ({ kind, json: { ...asObject(body), [name]: replacement } }));
  return fc.oneof(
    base.map((json) => ({ kind: 'valid', json })),
    withField('wrong type', anyValue),
    withField('null', fc.constant(null)),
    withField('100 KB string', fc.constant(LONG_TEXT)),
    withField('deep nesting', fc.integer({ min: 20, max: 40 }).map(nestedValue)),
    withField('array for a value', base.map((body) => [body])),
    withField('non-BMP text', fc.constant('𝄞😀'.repeat(2000))),
    fc.tuple(base, fc.constantFrom(...(schema.required?.length ? schema.required : ['x']))).map(([body, name]) => {
      const { [name]: _dropped, ...rest } = asObject(body);
      return { kind: 'missing required', json: rest };
    }),
    fc.tuple(base, fc.stringMatching(/^[a-zA-Z_$]{1,12}$/), anyValue).map(([body, name, value]) => ({ kind: 'unknown field', json: { ...asObject(body), [`${name}_extra`]: value } })),
    base.map((body) => ({ kind: 'array for the object', json: [body, body] })),
    fc.constantFrom<unknown>(null, 0, 'texto', true, [], {}).map((json) => ({ kind: 'not an object', json })),
    base.map((body) => ({
      kind: 'prototype keys',
      raw: { body: `{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"polluted":1}},${JSON.stringify(asObject(body)).slice(1)}`, contentType: 'application/json' },
    })),
    fc.constantFrom('{"a":', 'not json', '<xml/>', '\u0000\u0001', '{"a":1}{"b":2}', '[1,2,', '\ufeff{}', 'null').map((body) => ({ kind: 'not JSON', raw: { body, contentType: 'application/json' } })),
    base.map((body) => ({ kind: 'form body', raw: { body: `a=1&b[c]=2&${encodeURIComponent(JSON.stringify(body))}=1`, contentType: 'application/x-www-form-urlencoded' } })),
    base.map((body) => ({ kind: 'text body', raw: { body: JSON.stringify(body), contentType: 'text/plain' } })),
    fc.tuple(base, fc.constantFrom('gzip', 'br', 'deflate')).map(([body, encoding]) => ({
      kind: 'compressed',
      raw: { body: gzipSync(JSON.stringify(body)), contentType: 'application/json', encoding },
    })),
  );
}

/** Null for every field of the body, one field at a time, nested ones included. */
function nullForEveryField(operation: Operation, document: OpenApiDocument): Pick<FuzzCase, 'kind' | 'json'>[] {
  const cases: Pick<FuzzCase, 'kind' | 'json'>[] = [];
  const visit = (schema: Schema, wrap: (value: unknown) => unknown, depth: number) => {
    const resolved = resolve(schema, document);
    for (const [name, property] of Object.entries(resolved.properties ?? {})) {
      cases.push({ kind: 'null field', json: wrap({ [name]: null }) });
      if (depth < 3) visit(property, (value) => wrap({ [name]: value }), depth + 1);
    }
  };
  if (operation.bodySchema && !operation.multipart) visit(operation.bodySchema, (value) => value, 0);
  return cases;
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

describe('hostile input driven by the OpenAPI document', () => {
  let testApp: TestApp;
  let owner: SignedInUser;
  let other: SignedInUser;
  let admin: SignedInUser;
  const seeded = { agentId: '', ecosystemId: '', conversationId: '' };
  const http = () => request(testApp.server);

  beforeAll(async () => {
    const generous = '1000000';
    // A model that answers (structured requests too), so that hostile input reaches the model routes' own code.
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], {
      ADMIN_EMAILS: 'jefa@example.com',
      RATE_LIMIT_AGENTS_PER_HOUR: generous,
      RATE_LIMIT_ECOSYSTEMS_PER_HOUR: generous,
      RATE_LIMIT_CONVERSATIONS_PER_HOUR: generous,
      RATE_LIMIT_MESSAGES_PER_MINUTE: generous,
      RATE_LIMIT_UPLOADS_PER_HOUR: generous,
      RATE_LIMIT_MODEL_CALLS_PER_MINUTE: generous,
    });
    owner = await signUpAndSignIn(testApp, 'duena@example.com');
    other = await signUpAndSignIn(testApp, 'otra@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');

    const as = (method: 'post' | 'put', path: string, body: object) => http()[method](path).set(owner.authorization).send(body);
    await as('post', '/api/users/registration', { contactName: 'Dueña' }).expect(201);
    seeded.agentId = (await as('post', '/api/agents', { name: 'Agente privado', category: 'legal', description: 'Suyo', prompt: 'Secreto' }).expect(201)).body.id;
    seeded.ecosystemId = (await as('post', '/api/ecosystems', { name: 'Ecosistema privado', description: 'Suyo', agentIds: [seeded.agentId] }).expect(201)).body.id;
    seeded.conversationId = (await as('post', '/api/conversations', { title: 'Privada' }).expect(201)).body.id;
    for (const [id, role] of [['m-1', 'user'], ['m-2', 'assistant']]) {
      await as('post', `/api/conversations/${seeded.conversationId}/messages`, { id, role, content: `Mensaje ${id}` }).expect(201);
    }
    await as('post', `/api/user-agents/${owner.sub}`, { agentId: seeded.agentId }).expect(201);
    await as('post', `/api/user-ecosystems/${owner.sub}`, { ecosystemId: seeded.ecosystemId }).expect(201);
    await as('post', `/api/users/${owner.sub}/nova-prompt`, { prompt: 'Mis instrucciones' }).expect(200);
  }, 60_000);

  afterAll(() => testApp?.close());

  /** Everything of the owner's that another caller's request could change. */
  const ownerData = async () => {
    const read = async (path: string, method: 'get' | 'post' = 'get') => {
      const response = await http()[method](path).set(owner.authorization).send(method === 'post' ? {} : undefined);
      return { status: response.status, body: response.body as unknown };
    };
    return {
      profile: await read(`/api/users/registration/${owner.sub}`),
      state: await read(`/api/users/${owner.sub}/interaction-state`),
      agent: await read(`/api/agents/${seeded.agentId}`),
      ecosystem: await read(`/api/ecosystems/${seeded.ecosystemId}`),
      conversation: await read(`/api/conversations/${seeded.conversationId}`),
      messages: await read(`/api/conversations/${seeded.conversationId}/messages`),
      conversations: await read('/api/conversations'),
      team: await read(`/api/user-agents/${owner.sub}`),
      ecosystemTeam: await read(`/api/user-ecosystems/${owner.sub}`),
      assistantPrompt: await read(`/api/users/${owner.sub}/nova-prompt`, 'post'),
    };
  };

  it('answers every documented operation without a 5xx or a leak, and leaves another user’s data as it was', async () => {
    const document = (await http().get('/api/docs-json').expect(200)).body as OpenApiDocument;
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);
    const before = await ownerData();

    const callers: Caller[] = [{ name: 'visitor' }, { name: 'user', user: other }, { name: 'admin', user: admin }];
    const failures: string[] = [];
    let sent = 0;
    let serverErrors = 0;

    for (const operation of operations) {
      for (const caller of callers) {
        // The owner's real ids are the likeliest targets of another user. An admin may change what is
        // theirs (and delete the sample agents their teams hold), so an admin gets only hostile ids.
        const ownerIds = caller.name === 'admin' ? [] : [owner.sub, owner.email, seeded.agentId, seeded.ecosystemId, seeded.conversationId, 'agente-legal'];
        const ownIds = caller.name === 'visitor' ? [] : [caller.user.sub];
        const segment = fc.oneof(
          fc.constantFrom(...HOSTILE_TEXT, ...ownerIds, ...ownIds).map(encodeURIComponent),
          fc.constantFrom(...RAW_SEGMENTS),
          fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
        );
        const pathArbitrary = fc
          .tuple(...operation.parameters.filter((parameter) => parameter.in === 'path').map(() => segment))
          .map((segments) => {
            let index = 0;
            return operation.path.replace(/\{[^}]+\}/g, () => segments[index++] ?? 'x');
          });
        const queryArbitrary = fc.record(
          Object.fromEntries(
            operation.parameters
              .filter((parameter) => parameter.in === 'query')
              .map((parameter) => [
                parameter.name,
                fc.oneof(
                  validValue(parameter.schema, document).map((value) => (typeof value === 'object' ? JSON.stringify(value) : String(value))),
                  fc.constantFrom(...HOSTILE_TEXT, ...ownerIds),
                  fc.array(fc.constantFrom('1', 'a', ...ownerIds), { minLength: 2, maxLength: 3 }),
                ),
              ]),
          ),
          { requiredKeys: [] },
        ) as fc.Arbitrary<Record<string, string | string[]>>;
        const documentedHeaders = operation.parameters.filter((parameter) => parameter.in === 'header');
        const headerArbitrary = fc.record<Record<string, string>>(
          {
            ...Object.fromEntries(documentedHeaders.map((parameter) => [parameter.name, headerValues(parameter, operation)])),
            'x-user-id': fc.constantFrom(...HOSTILE_TEXT.filter(isHeaderSafe), ...ownerIds),
          },
          { requiredKeys: documentedHeaders.map((parameter) => parameter.name) },
        );
        const bodyArbitrary: fc.Arbitrary<Partial<FuzzCase>> = operation.multipart
          ? multipartBodies()
          : operation.bodySchema || operation.method !== 'get'
            ? bodyMutations(operation, document)
            : fc.constant({ kind: 'no body' });

        const generated = fc.sample(
          fc.record({ path: pathArbitrary, query: queryArbitrary, headers: headerArbitrary, body: bodyArbitrary }),
          { seed: SEED + sent, numRuns: RUNS },
        );
        const cases: FuzzCase[] = [
          ...generated.map(({ path, query, headers, body }) => ({ kind: 'generated', path, query, headers, ...body })),
          ...(caller.name === 'user' ? nullForEveryField(operation, document).map((body) => ({ path: generated[0].path, ...body })) : []),
        ];

        for (const fuzzCase of cases) {
          const response = await send(operation, caller, fuzzCase);
          sent++;
          const text = response.text ?? '';
          const label = `${caller.name} ${operation.method.toUpperCase()} ${fuzzCase.path} [${fuzzCase.kind}]`;
          if (response.status >= 500) {
            serverErrors++;
            failures.push(`${label} → ${response.status} ${text.slice(0, 200)}`);
          }
          const leak = LEAKS.find((pattern) => pattern.test(text));
          if (leak) failures.push(`${label} → ${response.status} shows ${leak}: ${text.slice(0, 200)}`);
        }
      }
    }

    process.stdout.write(
      `openapi-fuzz: ${operations.length} operations, ${sent} requests (seed ${SEED}, ${RUNS} runs per operation and caller), ${serverErrors} 5xx, ${failures.length - serverErrors} leaks\n`,
    );
    expect(failures).toEqual([]);

    await http().get('/api/health').expect(200);
    expect(await ownerData()).toEqual(before);
  }, 170_000);

  function send(operation: Operation, caller: Caller, fuzzCase: FuzzCase): Promise<request.Response> {
    let call = http()[operation.method](fuzzCase.path);
    if (caller.name !== 'visitor') call = call.set(caller.user.authorization);
    for (const [name, value] of Object.entries(fuzzCase.headers ?? {})) call = call.set(name, value);
    if (fuzzCase.query) call = call.query(fuzzCase.query);
    if (fuzzCase.multipart) {
      const { field, bytes, filename, contentType, extra } = fuzzCase.multipart;
      for (const [name, value] of Object.entries(extra ?? {})) call = call.field(name, value);
      return call.attach(field, bytes, { filename, contentType }).ok(() => true);
    }
    if (fuzzCase.raw) {
      call = call.set('Content-Type', fuzzCase.raw.contentType);
      if (fuzzCase.raw.encoding) call = call.set('Content-Encoding', fuzzCase.raw.encoding);
      return call.send(fuzzCase.raw.body).ok(() => true);
    }
    if (fuzzCase.json === undefined) return call.ok(() => true);
    // As text: superagent sends only objects as JSON, and a top-level null, number or string is hostile too.
    return call.set('Content-Type', 'application/json').send(JSON.stringify(fuzzCase.json)).ok(() => true);
  }
});

/** A documented header (X-Amz-Target on the identity service): its example, the actions the description names, or junk. */
function headerValues(parameter: Parameter, operation: Operation): fc.Arbitrary<string> {
  const example = String(parameter.schema?.example ?? parameter.example ?? 'x');
  const prefix = example.includes('.') ? example.slice(0, example.lastIndexOf('.') + 1) : '';
  const named = (operation.description ?? '').match(/\b[A-Z][A-Za-z]{3,}\b/g) ?? [];
  return fc.oneof(fc.constantFrom(example, ...named.map((name) => `${prefix}${name}`)), fc.constantFrom(...HOSTILE_TEXT.filter(isHeaderSafe)));
}

/** Node refuses to send control characters and non-Latin-1 text in a header. */
function isHeaderSafe(text: string): boolean {
  return /^[\x20-\x7e]{1,200}$/.test(text);
}

function multipartBodies(): fc.Arbitrary<Partial<FuzzCase>> {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
  return fc
    .tuple(
      fc.constantFrom('file', 'avatar', 'files[]', '__proto__'),
      fc.oneof(fc.constant(png), fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)), fc.constant(Buffer.from('<svg onload=alert(1)>'))),
      fc.constantFrom('a.png', '../../etc/passwd', 'x'.repeat(500), '𝄞.png', '"quoted".png', '\u0000.png'),
      fc.constantFrom('image/png', 'text/html', 'image/svg+xml', 'application/octet-stream'),
      fc.dictionary(fc.constantFrom('userId', 'agentId', 'extra', '__proto__'), fc.constantFrom(...HOSTILE_TEXT.filter(isHeaderSafe)), { maxKeys: 2 }),
    )
    .map(([field, bytes, filename, contentType, extra]) => ({ kind: 'multipart', multipart: { field, bytes, filename, contentType, extra } }));
}
