import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Message } from '../../src/modules/conversations/entities/message.entity';
import { DataExportPreparer } from '../../src/modules/data-export/data-export-preparer';
import { DataExport } from '../../src/modules/data-export/entities/data-export.entity';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { Subscription } from '../../src/modules/subscriptions/entities/subscription.entity';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { type SignedInUser, signUpAndSignIn } from '../support/identity-client';
import { subscriptionRow } from '../support/subscriptions';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { PNG } from '../support/images';

/**
 * Who may call what, for every route the running application registers: the list comes from
 * Express's router, so a route added without a rule below fails this test instead of landing
 * unclassified. Four callers: a visitor, the owner of the data the request names, another
 * signed-in user and an admin. The owner's data carries distinctive strings, and no answer to the
 * visitor or the other user may contain any of them. Moderation is on, and the whole matrix runs
 * with the owner's agent private, then public and waiting for moderation, then public and rejected:
 * in each state only its owner and admins may read it.
 */

// Some 800 requests, on two shared cores.
jest.setTimeout(180_000);

type Caller = 'visitor' | 'owner' | 'other' | 'admin';

/**
 * - document: the OpenAPI document and its viewer, served before any guard; the same for all.
 * - public: anyone, the answer is the same kind for all (listings, support, contact).
 * - owner-read: a public route that reads one of the owner's private things by id.
 * - self-only: the path names a user, who must be the caller (or the caller an admin).
 * - owner-resource: signed-in only, and it acts on something of the owner's.
 * - signed-in: any signed-in user, acting on their own data.
 * - signed-in-with-password: like signed-in, but it ends the caller's account: probed without the
 *   password, which any signed-in caller is refused with a 400 (a visitor with a 401).
 * - admin-only: the /api-admin area.
 * - identity-protocol: the embedded Cognito-style service; its own credentials are in the body.
 */
type RouteClass =
  | 'document'
  | 'public'
  | 'owner-read'
  | 'self-only'
  | 'owner-resource'
  | 'signed-in'
  | 'signed-in-with-password'
  | 'admin-only'
  | 'identity-protocol'
  | 'api-key';

interface Probe {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A multipart upload in the field «file». */
  file?: Buffer;
}

interface RouteRule {
  class: RouteClass;
  /** The request a caller sends; called once per caller, so it may seed a fresh thing to act on. */
  probe: (caller: Caller) => Probe | Promise<Probe>;
  /**
   * The other user's request on their own account that names one of the owner's private things
   * (an agent to chat with or add to a team, a conversation to move…): refused, and nothing shown.
   */
  foreign?: () => Probe | Promise<Probe>;
}

type Expectation = [allowed: (status: number) => boolean, description: string];

const hidden = (status: number) => status === 403 || status === 404;
const OK: Expectation = [(status) => status >= 200 && status < 300, '2xx'];
const NOT_REFUSED: Expectation = [(status) => status !== 401 && status !== 403, 'not 401/403'];
const HIDDEN: Expectation = [hidden, '403/404'];
/** Anything but a 5xx (checked for every answer). */
const ANY: Expectation = [() => true, 'no 5xx'];
const only = (expected: number): Expectation => [(status) => status === expected, String(expected)];
/** A key route named with another user's id: the user guard's 403 or the key guard's 401. */
const REFUSED_KEY: Expectation = [(status) => status === 401 || status === 403, '401/403'];

/** What each caller must get, by the route's class. */
const EXPECTED: Record<RouteClass, Record<Caller, Expectation>> = {
  document: { visitor: NOT_REFUSED, owner: NOT_REFUSED, other: NOT_REFUSED, admin: NOT_REFUSED },
  public: { visitor: NOT_REFUSED, owner: NOT_REFUSED, other: NOT_REFUSED, admin: NOT_REFUSED },
  'identity-protocol': { visitor: ANY, owner: OK, other: OK, admin: OK },
  'owner-read': { visitor: HIDDEN, owner: OK, other: HIDDEN, admin: OK },
  'self-only': { visitor: only(401), owner: OK, other: HIDDEN, admin: NOT_REFUSED },
  'owner-resource': { visitor: only(401), owner: OK, other: HIDDEN, admin: NOT_REFUSED },
  'signed-in': { visitor: only(401), owner: OK, other: OK, admin: OK },
  'signed-in-with-password': { visitor: only(401), owner: only(400), other: only(400), admin: only(400) },
  'admin-only': { visitor: only(401), owner: only(403), other: only(403), admin: NOT_REFUSED },
  // A published agent's API: only a key of its publication opens it, never a user's session.
  'api-key': { visitor: only(401), owner: only(401), other: only(401), admin: only(401) },
};


/** What the owner's data is called; none of it may reach the visitor or the other user. */
const SECRETS = {
  email: 'zafiro.quetzal@example.com',
  name: 'Zafiro Quetzal Oculta',
  contactName: 'Contacto Quetzal Oculto',
  agentName: 'Agente Ñandú Privado',
  agentPrompt: 'Instrucción secreta del ñandú',
  ecosystemName: 'Ecosistema Lince Secreto',
  conversationTitle: 'Conversación Halcón Secreta',
  messageText: 'Mensaje narval confidencial',
  novaPrompt: 'Nova secreta del okapi',
  subscriptionId: 'sub_tapir_secreto',
};

describe('authorisation matrix of every registered route', () => {
  let testApp: TestApp;
  let owner: SignedInUser;
  let other: SignedInUser;
  let admin: SignedInUser;
  let ownerUsername: string;
  /** Stores a reply of the owner's agent chat waiting for a tool's confirmation; returns its call's id. */
  const pausedReply = async (caller: Caller): Promise<string> => {
    const messages = testApp.app.get<Repository<Message>>(getRepositoryToken(Message));
    const at = Date.now();
    const callId = `call_matriz_${caller}_${at}`;
    const questionId = `pregunta-${caller}-${at}`;
    const call = { id: callId, tool: 'crear_pedido', sourceName: 'Pedidos', arguments: { sku: 'A1' } };
    const base = { conversationId: seeded.conversationId, status: 'complete' as const, modelId: null, inputTokens: null, outputTokens: null };
    const question: Message = { ...base, id: questionId, role: 'user', content: 'Pide uno', timestamp: new Date(at), metadata: null, createdAt: new Date(at) };
    const paused: Message = {
      ...base,
      id: `respuesta-${caller}-${at}`,
      role: 'assistant',
      content: '',
      timestamp: new Date(at + 1),
      createdAt: new Date(at + 1),
      metadata: {
        agentId: seeded.agentId,
        agentName: 'Agente',
        toolCalls: [{ ...call, status: 'pending' }],
        toolConfirmation: { ...call, agentName: 'Agente' },
        toolLoop: {
          questionId,
          turns: [],
          records: [{ ...call, status: 'pending' }],
          text: '',
          usage: { inputTokens: 0, outputTokens: 0 },
          steps: 1,
          pending: { calls: [{ id: callId, name: 'crear_pedido', arguments: '{"sku":"A1"}' }], results: [] },
        },
      },
    };
    await messages.save([question, paused]);
    return callId;
  };

  const seeded: { agentId: string; ecosystemId: string; conversationId: string; fileId: string; fileUrl: string } = {
    agentId: '',
    ecosystemId: '',
    conversationId: '',
    fileId: '',
    fileUrl: '',
  };
  /**
   * The payment customers and cards of each signed-in caller (demo gateway), an active subscription
   * of the owner's and the new price its agent got since (a plan may change only to that).
   */
  const pay: { customers: Record<'owner' | 'other' | 'admin', string>; cards: Record<'owner' | 'other' | 'admin', string>; subscriptionId: string; newPriceId: string } = {
    customers: { owner: '', other: '', admin: '' },
    cards: { owner: '', other: '', admin: '' },
    subscriptionId: '',
    newPriceId: '',
  };
  let requestsSent = 0;
  let benchRoutes: string | undefined;
  const http = () => request(testApp.server);

  const tokenOf = (caller: Caller) => ({ visitor: undefined, owner, other, admin })[caller];

  const send = async (caller: Caller, method: string, probe: Probe) => {
    requestsSent += 1;
    const call = http()[method.toLowerCase() as 'get'](probe.path);
    const user = tokenOf(caller);
    if (user) call.set(user.authorization);
    if (probe.headers) call.set(probe.headers);
    if (probe.file) return call.attach('file', probe.file, { filename: 'avatar.png', contentType: 'image/png' });
    return probe.body === undefined ? call : call.send(probe.body as object);
  };

  /**
   * Two publications of the owner's made once (issue 36), as publishing uses up keys: one whose API
   * is not for sale (its apiId), one whose API is (its agent's id).
   */
  let unsold: Promise<string> | undefined;
  let forSale: Promise<string> | undefined;
  const sales = {
    unsold: () => (unsold ??= fresh.publication().then((publication) => publication.apiId)),
    forSale: () =>
      (forSale ??= fresh.publication().then(async ({ apiId }) => {
        const body = { available: true, per1000Calls: 0, perMillionInputTokens: 0, perMillionOutputTokens: 0 };
        return (await http().put(`/api/publication/${apiId}/pricing`).set(owner.authorization).send(body).expect(200)).body.agentId as string;
      })),
  };

  /** Things of the owner's made on demand, for requests that use one up (deletions, additions). */
  const fresh = {
    agent: async (isPublic = false) =>
      (
        await http()
          .post('/api/agents')
          .set(owner.authorization)
          .send({ name: 'Agente desechable', category: 'legal', description: 'Para una prueba', isPublic })
          .expect(201)
      ).body.id as string,
    conversation: async () => fresh.conversationOf(owner),
    conversationOf: async (user: SignedInUser) =>
      (await http().post('/api/conversations').set(user.authorization).send({}).expect(201)).body.id as string,
    ecosystem: async () =>
      (
        await http()
          .post('/api/ecosystems')
          .set(owner.authorization)
          .send({ name: 'Ecosistema desechable', agentIds: [] })
          .expect(201)
      ).body.id as string,
    teamAgent: async () => {
      const agentId = await fresh.agent();
      await http().post(`/api/user-agents/${owner.sub}`).set(owner.authorization).send({ agentId }).expect(201);
      return agentId;
    },
    /** An agent of the owner's with two prompt versions; version 2 is current. */
    agentWithVersions: async () => {
      const agentId = (
        await http().post('/api/agents').set(owner.authorization).send({ ...newAgentBody, prompt: 'Primera versión' }).expect(201)
      ).body.id as string;
      await http()
        .post('/api/agent-prompts')
        .set(owner.authorization)
        .send({ agentId, prompt: 'Segunda versión', versionName: 'v2', versionDescription: 'Otra' })
        .expect(201);
      return agentId;
    },
    /** A test case of a fresh agent's (an agent has at most 20), as its path: "{agentId}/test-cases/{caseId}". */
    testCase: async () => {
      const agentId = await fresh.agent();
      const { body } = await http().post(`/api/agent-prompts/${agentId}/test-cases`).set(owner.authorization).send({ question: '¿Qué haces?' }).expect(201);
      return `${agentId}/test-cases/${body.id}`;
    },
    /** A ready export of the owner's data, asked two days ago (so that the owner's own POST /api/me/export is still the day's first). */
    dataExport: async () => {
      const id = randomUUID();
      await testApp.app
        .get<Repository<DataExport>>(getRepositoryToken(DataExport))
        .insert({ id, userSub: owner.sub, userEmail: owner.email, status: 'preparing', fileId: null, token: null, attempts: 0, requestedAt: new Date(Date.now() - 2 * 86_400_000), expiresAt: null });
      await testApp.app.get(DataExportPreparer).prepare(id);
      return { id, url: (await http().get(`/api/me/export/${id}`).set(owner.authorization).expect(200)).body.url as string };
    },
    fineTuningSession: async () =>
      (await http().post('/api/fine-tuning/sessions').set(owner.authorization).send({ agentId: seeded.agentId }).expect(201)).body.sessionId as string,
    /** A paid private agent of the owner's; answers its gateway price. */
    paidAgentPrice: async () =>
      (await http().post('/api/agents').set(owner.authorization).send({ ...newAgentBody, price: 3 }).expect(201)).body.priceId as string,
    /** An active subscription of the owner's (to a fresh paid agent, so that none is a duplicate). */
    subscription: async () =>
      (
        await http()
          .post('/api/stripe/create-subscription')
          .set(owner.authorization)
          .send({ customerID: pay.customers.owner, priceID: await fresh.paidAgentPrice() })
          .expect(201)
      ).body.subscription.subscriptionId as string,
    /** An active subscription of the owner's to a fresh agent, and the new price the agent got since. */
    planChange: async () => {
      const { body: agent } = await http().post('/api/agents').set(owner.authorization).send({ ...newAgentBody, price: 3 }).expect(201);
      const { body } = await http().post('/api/stripe/create-subscription').set(owner.authorization).send({ customerID: pay.customers.owner, priceID: agent.priceId }).expect(201);
      const { body: repriced } = await http().post('/api/agents').set(owner.authorization).send({ ...newAgentBody, id: agent.id, price: 4 }).expect(200);
      return { subscriptionID: body.subscription.subscriptionId as string, priceID: repriced.priceId as string };
    },
    pausedSubscription: async () => {
      const subscriptionID = await fresh.subscription();
      await http().post('/api/stripe/pause-subscription').set(owner.authorization).send({ subscriptionID }).expect(200);
      return subscriptionID;
    },
    /** A second card of the caller's own, to delete. */
    card: async (caller: Caller) => {
      const user = tokenOf(caller) as SignedInUser;
      const customerID = pay.customers[caller as 'owner' | 'other' | 'admin'];
      return (await http().post('/api/stripe/add-card').set(user.authorization).send({ customerID, paymentMethodID: 'pm_card_mastercard' }).expect(201)).body.id as string;
    },
    /** A publication of a fresh agent of the owner's (publishing the same agent twice is a 409). */
    publication: async () =>
      (await http().post(`/api/agent/${await fresh.agent()}/publication`).set(owner.authorization).send({}).expect(201)).body as { apiId: string; apiKey: { keyId: string } },
    /** A document of the owner's seeded agent's knowledge (issue 32), as its path. */
    knowledgeDocument: async () => {
      const { body } = await http()
        .post(`/api/agents/${seeded.agentId}/knowledge`)
        .set(owner.authorization)
        .attach('file', Buffer.from('La fianza es de una mensualidad.'), 'ley.txt')
        .expect(201);
      return `/api/agents/${seeded.agentId}/knowledge/${body.id}`;
    },
    /** A tool source of the owner's seeded agent (issue 33), as its path: an OpenAPI document, no network to discover it. */
    toolSource: async () => {
      // An agent may have 20 sources: the earlier probes' go first.
      const { body: earlier } = await http().get(`/api/agents/${seeded.agentId}/tools`).set(owner.authorization).expect(200);
      for (const source of earlier.items as { id: string }[]) await http().delete(`/api/agents/${seeded.agentId}/tools/${source.id}`).set(owner.authorization).expect(204);
      const { body } = await http().post(`/api/agents/${seeded.agentId}/tools`).set(owner.authorization).send(toolSourceBody).expect(201);
      return `/api/agents/${seeded.agentId}/tools/${body.id}`;
    },
    /** Issue 34: a public agent of the owner's, approved (anyone may see it). */
    publicAgent: async () => {
      const agentId = await fresh.agent(true);
      await http().post(`/api-admin/moderation/${agentId}/approve`).set(admin.authorization).send({}).expect(200);
      return agentId;
    },
    /** A (past) subscription of the caller's to the agent: they used it, so they may review it. */
    used: async (user: SignedInUser, agentId: string) => {
      const subscriptions = testApp.app.get<Repository<Subscription>>(getRepositoryToken(Subscription));
      await subscriptions.save(subscriptionRow(subscriptions, user.sub, { agentId, status: 'cancelled', finishedAt: new Date() }));
    },
    /** The admin's review of `agentId` (the owner's seeded agent unless given), as its id. */
    adminReview: async (agentId = seeded.agentId) => {
      await fresh.used(admin, agentId);
      return (await http().post(`/api/agents/${agentId}/reviews`).set(admin.authorization).send({ rating: 4, comment: 'Reseña de la matriz' })).body.id as string;
    },
    /** An open report (by the other user) of a fresh public agent, as its id. */
    report: async () =>
      (await http().post(`/api/agents/${await fresh.publicAgent()}/report`).set(other.authorization).send({ reason: 'spam' }).expect(201)).body.id as string,
    teamEcosystem: async () => {
      const ecosystemId = await fresh.ecosystem();
      await http().post(`/api/user-ecosystems/${owner.sub}`).set(owner.authorization).send({ ecosystemId }).expect(201);
      return ecosystemId;
    },
  };
  /** The owner's conversations are addressed by an admin with ?userId (the spec's admin view). */
  const asAdmin = (caller: Caller) => (caller === 'admin' ? `?userId=${owner.sub}` : '');
  const newAgentBody = { name: 'Agente nuevo', category: 'legal', description: 'Creado en la matriz' };
  /** Issue 33: an OpenAPI tool source whose discovery reads only the document. */
  const toolSourceBody = {
    type: 'openapi',
    name: 'Almacén',
    baseUrl: 'https://api.example.com',
    openapi: JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Almacén', version: '1' },
      paths: { '/stock/{producto}': { get: { operationId: 'verStock', parameters: [{ name: 'producto', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } } } },
    }),
  };
  const creatorDraft = {
    ...newAgentBody,
    skills: ['Contratos'],
    capabilities: [],
    useCases: [],
    systemPrompt: 'Eres un asesor.',
    modelId: '',
    price: 0,
    isPublic: false,
  };

  /** Issue 16: a finished collaboration session of the owner's, and flows an admin saved (a sample agent, so anyone may run them). */
  const collaboration = {
    flowBody: {
      name: 'Flujo de la matriz',
      isTemplate: true,
      nodes: [
        { id: 'a', type: 'agent', agentId: 'agente-legal', position: { x: 0, y: 0 } },
        { id: 's', type: 'synthesis', position: { x: 200, y: 0 } },
      ],
      edges: [{ source: 'a', target: 's' }],
    },
    cached: {} as Record<string, Promise<string>>,
    session: () =>
      (collaboration.cached.session ??= (async () => {
        const { body } = await http().post('/api/collaboration/sessions').set(owner.authorization).send({ agentIds: [seeded.agentId], query: SECRETS.messageText }).expect(201);
        for (;;) {
          const { body: current } = await http().get(`/api/collaboration/sessions/${body.id}`).set(owner.authorization).expect(200);
          if (current.status !== 'processing') return body.id as string;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })()),
    template: () => (collaboration.cached.template ??= collaboration.flow()),
    flow: async () => (await http().post('/api/flows').set(admin.authorization).send(collaboration.flowBody).expect(201)).body.id as string,
  };

  const RULES: Record<string, RouteRule> = {
    // The OpenAPI document and its viewer.
    ...Object.fromEntries(
      [
        '/api/docs',
        '/api/docs/',
        '/api/docs/index.html',
        '/api/docs/LICENSE',
        '/api/docs/swagger-ui-init.js',
        '/api/docs/docs/swagger-ui-init.js',
        '/api/docs-json',
        '/api/docs-yaml',
      ].map((path) => [`GET ${path}`, { class: 'document', probe: () => ({ path }) } satisfies RouteRule]),
    ),
    'GET /api/health': { class: 'public', probe: () => ({ path: '/api/health' }) },
    'GET /api/health/live': { class: 'public', probe: () => ({ path: '/api/health/live' }) },
    'GET /api/health/ready': { class: 'public', probe: () => ({ path: '/api/health/ready' }) },
    'GET /api/bench/constant': { class: 'public', probe: () => ({ path: '/api/bench/constant?bytes=64' }) },
    'GET /api/config': { class: 'public', probe: () => ({ path: '/api/config' }) },
    'GET /api/support/articles': { class: 'public', probe: () => ({ path: '/api/support/articles' }) },
    'GET /api/support/articles/:slug': { class: 'public', probe: () => ({ path: '/api/support/articles/que-es-la-plataforma' }) },
    'POST /api/contact': {
      class: 'public',
      probe: (caller) => ({
        path: '/api/contact',
        body: { name: 'Remitente', email: `${caller}@example.com`, section: 'facturacion', subject: 'Consulta', message: 'Una pregunta sobre la factura.' },
      }),
    },
    'POST /api/assistant/messages': {
      class: 'public',
      probe: (caller) => ({ path: '/api/assistant/messages', body: { sessionId: `sesion-${caller}-0001`, message: '¿Cómo creo un agente?' } }),
    },

    'POST /idp': {
      class: 'identity-protocol',
      probe: (caller) => ({
        path: '/idp',
        headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.GetUser' },
        body: JSON.stringify({ AccessToken: tokenOf(caller)?.accessToken ?? 'no-es-un-token' }),
      }),
    },
    'GET /idp/:poolId/.well-known/jwks.json': {
      class: 'identity-protocol',
      probe: () => ({ path: `/idp/${testApp.config.identity.userPoolId}/.well-known/jwks.json` }),
    },

    'POST /api/users/registration': {
      class: 'signed-in',
      probe: (caller) => ({ path: '/api/users/registration', body: { contactName: caller === 'owner' ? SECRETS.contactName : 'Quien llama' } }),
    },
    'GET /api/users/registration/username/:username': {
      class: 'self-only',
      probe: () => ({ path: `/api/users/registration/username/${encodeURIComponent(ownerUsername)}` }),
    },
    'GET /api/users/registration/:id': { class: 'self-only', probe: () => ({ path: `/api/users/registration/${owner.sub}` }) },
    'PUT /api/users/:id': { class: 'self-only', probe: () => ({ path: `/api/users/${owner.sub}`, body: { contactName: SECRETS.contactName } }) },
    'GET /api/users/:id/interaction-state': { class: 'self-only', probe: () => ({ path: `/api/users/${owner.sub}/interaction-state` }) },
    'POST /api/users/:id/nova-prompt': { class: 'self-only', probe: () => ({ path: `/api/users/${owner.sub}/nova-prompt`, body: {} }) },

    'GET /api/agents': { class: 'public', probe: () => ({ path: '/api/agents' }) },
    'GET /api/agents/category/:category': { class: 'public', probe: () => ({ path: '/api/agents/category/legal' }) },
    'GET /api/agents/agents-category/:category': { class: 'public', probe: () => ({ path: '/api/agents/agents-category/legal' }) },
    'GET /api/marketplace/agents': { class: 'public', probe: () => ({ path: '/api/marketplace/agents?search=agente' }) },
    'GET /api/agents/:id': { class: 'owner-read', probe: () => ({ path: `/api/agents/${seeded.agentId}` }) },
    // Saving with the id of an existing agent updates it: only its creator or an admin.
    'POST /api/agents': {
      class: 'owner-resource',
      probe: async () => ({ path: '/api/agents', body: { ...newAgentBody, id: await fresh.agent() } }),
      // A private upload named as the avatar of a public agent would be published.
      foreign: () => ({ path: '/api/agents', body: { ...newAgentBody, avatar: seeded.fileUrl, isPublic: true } }),
    },
    'DELETE /api/agents/:id': { class: 'owner-resource', probe: async () => ({ path: `/api/agents/${await fresh.agent()}` }) },

    // Issue 34: reviews and reports.
    'GET /api/creators/:username': { class: 'public', probe: () => ({ path: '/api/creators/nadie' }) },
    // 'Descargar mis datos' (issue 37): each caller asks for their own export; an export and its link only answer their owner.
    'POST /api/me/export': { class: 'signed-in', probe: () => ({ path: '/api/me/export' }) },
    'GET /api/me/export/:id': { class: 'owner-resource', probe: async () => ({ path: `/api/me/export/${(await fresh.dataExport()).id}` }) },
    'GET /api/me/export/:id/download': { class: 'owner-resource', probe: async () => ({ path: (await fresh.dataExport()).url }) },
    'GET /api/agents/:agentId/reviews': { class: 'owner-read', probe: () => ({ path: `/api/agents/${seeded.agentId}/reviews` }) },
    // Each caller reviews a sample agent they used; nobody may review the owner's private one.
    'POST /api/agents/:agentId/reviews': {
      class: 'signed-in',
      probe: async (caller) => {
        const user = tokenOf(caller);
        if (user) await fresh.used(user, 'agente-legal');
        return { path: '/api/agents/agente-legal/reviews', body: { rating: 4, comment: 'Útil' } };
      },
      foreign: () => ({ path: `/api/agents/${seeded.agentId}/reviews`, body: { rating: 1 } }),
    },
    'DELETE /api/agents/:agentId/reviews/mine': {
      class: 'signed-in',
      probe: async (caller) => {
        const user = tokenOf(caller);
        if (user) {
          await fresh.used(user, 'agente-finanzas');
          await http().post('/api/agents/agente-finanzas/reviews').set(user.authorization).send({ rating: 3 });
        }
        return { path: '/api/agents/agente-finanzas/reviews/mine' };
      },
      foreign: () => ({ path: `/api/agents/${seeded.agentId}/reviews/mine` }),
    },
    'POST /api/agents/:agentId/report': {
      class: 'signed-in',
      probe: async () => ({ path: `/api/agents/${await fresh.publicAgent()}/report`, body: { reason: 'spam' } }),
      foreign: () => ({ path: `/api/agents/${seeded.agentId}/report`, body: { reason: 'spam' } }),
    },
    // The admin's review of the owner's agent: its creator (or an admin) answers it.
    'PUT /api/reviews/:reviewId/reply': { class: 'owner-resource', probe: async () => ({ path: `/api/reviews/${await fresh.adminReview()}/reply`, body: { text: 'Gracias' } }) },
    'POST /api/reviews/:reviewId/report': {
      class: 'signed-in',
      probe: async () => ({ path: `/api/reviews/${await fresh.adminReview(await fresh.publicAgent())}/report`, body: { reason: 'offensive' } }),
      foreign: async () => ({ path: `/api/reviews/${await fresh.adminReview()}/report`, body: { reason: 'spam' } }),
    },

    'GET /api/ecosystems': { class: 'public', probe: () => ({ path: '/api/ecosystems' }) },
    'GET /api/marketplace/ecosystems': { class: 'public', probe: () => ({ path: '/api/marketplace/ecosystems?search=ecosistema' }) },
    'GET /api/ecosystems/:id': { class: 'owner-read', probe: () => ({ path: `/api/ecosystems/${seeded.ecosystemId}` }) },
    'PUT /api/ecosystems/:id': { class: 'owner-resource', probe: () => ({ path: `/api/ecosystems/${seeded.ecosystemId}`, body: { description: SECRETS.messageText } }) },
    'POST /api/ecosystems': {
      class: 'signed-in',
      probe: () => ({ path: '/api/ecosystems', body: { name: 'Ecosistema nuevo', agentIds: [] } }),
      foreign: () => ({ path: '/api/ecosystems', body: { name: 'Ecosistema ajeno', agentIds: [seeded.agentId] } }),
    },

    'GET /api/user-agents/:userId': { class: 'self-only', probe: () => ({ path: `/api/user-agents/${owner.sub}` }) },
    'POST /api/user-agents/:userId': {
      class: 'self-only',
      probe: async () => ({ path: `/api/user-agents/${owner.sub}`, body: { agentId: await fresh.agent(true) } }),
      foreign: () => ({ path: `/api/user-agents/${other.sub}`, body: { agentId: seeded.agentId } }),
    },
    'PUT /api/user-agents/:userId/sync': {
      class: 'self-only',
      probe: () => ({ path: `/api/user-agents/${owner.sub}/sync`, body: [{ agentId: seeded.agentId }] }),
      foreign: () => ({ path: `/api/user-agents/${other.sub}/sync`, body: [{ agentId: seeded.agentId }] }),
    },
    'DELETE /api/user-agents/:userId/:agentId': {
      class: 'self-only',
      probe: async () => ({ path: `/api/user-agents/${owner.sub}/${await fresh.teamAgent()}` }),
    },
    'GET /api/user-ecosystems/:userId': { class: 'self-only', probe: () => ({ path: `/api/user-ecosystems/${owner.sub}` }) },
    'POST /api/user-ecosystems/:userId': {
      class: 'self-only',
      probe: async () => ({ path: `/api/user-ecosystems/${owner.sub}`, body: { ecosystemId: await fresh.ecosystem() } }),
      foreign: () => ({ path: `/api/user-ecosystems/${other.sub}`, body: { ecosystemId: seeded.ecosystemId } }),
    },
    'DELETE /api/user-ecosystems/:userId/:ecosystemId': {
      class: 'self-only',
      probe: async () => ({ path: `/api/user-ecosystems/${owner.sub}/${await fresh.teamEcosystem()}` }),
    },

    'POST /api/files': { class: 'signed-in', probe: () => ({ path: '/api/files', file: PNG }) },
    'GET /api/files/signed-url/:fileId': { class: 'owner-read', probe: () => ({ path: `/api/files/signed-url/${seeded.fileId}` }) },
    'POST /api/files/renew-url': {
      class: 'owner-read',
      probe: () => ({ path: '/api/files/renew-url', body: { url: seeded.fileUrl, fileId: seeded.fileId } }),
    },
    // The signature is the credential: whoever holds the link may read the bytes, nobody without it.
    'GET /api/files/:fileId/content': { class: 'public', probe: () => ({ path: seeded.fileUrl }) },

    'GET /api/me/delete': { class: 'signed-in', probe: () => ({ path: '/api/me/delete' }) },
    'POST /api/me/delete': { class: 'signed-in-with-password', probe: (caller) => ({ path: '/api/me/delete', body: { confirmEmail: `${caller}@example.com` } }) },
    'POST /api/me/delete/cancel': { class: 'signed-in', probe: () => ({ path: '/api/me/delete/cancel', body: {} }) },
    'GET /api/conversations': { class: 'signed-in', probe: () => ({ path: '/api/conversations' }) },
    // Each caller's own open chat with the agent (another's is never answered: conversation null).
    'GET /api/conversations/latest': { class: 'signed-in', probe: () => ({ path: `/api/conversations/latest?agentId=${seeded.agentId}` }) },
    'POST /api/conversations': {
      class: 'signed-in',
      probe: () => ({ path: '/api/conversations', body: {} }),
      foreign: () => ({ path: '/api/conversations', body: { metadata: { agentId: seeded.agentId } } }),
    },
    'GET /api/conversations/:id': {
      class: 'owner-resource',
      probe: (caller) => ({ path: `/api/conversations/${seeded.conversationId}${asAdmin(caller)}` }),
    },
    'GET /api/conversations/:id/messages': {
      class: 'owner-resource',
      probe: (caller) => ({ path: `/api/conversations/${seeded.conversationId}/messages${asAdmin(caller)}` }),
    },
    'PUT /api/conversations/:id': {
      class: 'owner-resource',
      probe: (caller) => ({ path: `/api/conversations/${seeded.conversationId}${asAdmin(caller)}`, body: { title: SECRETS.conversationTitle } }),
      foreign: async () => ({ path: `/api/conversations/${await fresh.conversationOf(other)}`, body: { metadata: { agentId: seeded.agentId } } }),
    },
    'DELETE /api/conversations/:id': {
      class: 'owner-resource',
      probe: async (caller) => ({ path: `/api/conversations/${await fresh.conversation()}${asAdmin(caller)}` }),
    },
    'POST /api/conversations/:id/messages': {
      class: 'owner-resource',
      probe: (caller) => ({
        path: `/api/conversations/${seeded.conversationId}/messages`,
        body: { id: `m-${caller}-${requestsSent}`, role: 'user', content: 'Otro mensaje' },
      }),
    },

    'GET /api/stripe-user-subscriptions/subscriptions/user/:user/:agent': {
      class: 'self-only',
      probe: () => ({ path: `/api/stripe-user-subscriptions/subscriptions/user/${owner.sub}/${seeded.agentId}` }),
    },
    'GET /api/stripe-user-subscriptions/:user/:agent': {
      class: 'self-only',
      probe: () => ({ path: `/api/stripe-user-subscriptions/${owner.sub}/${seeded.agentId}` }),
    },
    'GET /api/stripe-user-subscriptions/bundle/agent/:user/:agent': {
      class: 'self-only',
      probe: () => ({ path: `/api/stripe-user-subscriptions/bundle/agent/${owner.sub}/${seeded.agentId}` }),
    },
    'GET /api/stripe-user-subscriptions/susbscription/user/:user': {
      class: 'self-only',
      probe: () => ({ path: `/api/stripe-user-subscriptions/susbscription/user/${owner.sub}` }),
    },
    'POST /api/stripe-user-subscriptions/create': {
      class: 'owner-resource',
      probe: () => ({ path: '/api/stripe-user-subscriptions/create', body: { subscriptionId: pay.subscriptionId } }),
    },
    'POST /api/stripe-user-subscriptions/update': {
      class: 'owner-resource',
      probe: () => ({ path: '/api/stripe-user-subscriptions/update', body: { subscriptionId: pay.subscriptionId } }),
    },

    'POST /api/stripe/create-customer': {
      class: 'signed-in',
      probe: (caller) => ({
        path: '/api/stripe/create-customer',
        body: { name: caller === 'owner' ? SECRETS.name : 'Quien llama', email: caller === 'owner' ? SECRETS.email : `${caller}@example.com` },
      }),
    },
    'POST /api/stripe/create-payment-intent': { class: 'signed-in', probe: () => ({ path: '/api/stripe/create-payment-intent', body: { amount: 1000, currency: 'eur' } }) },
    'POST /api/stripe/create-setup-intent': {
      class: 'owner-resource',
      probe: () => ({ path: '/api/stripe/create-setup-intent', body: { customerId: pay.customers.owner } }),
    },
    'POST /api/stripe/add-card': {
      class: 'owner-resource',
      probe: () => ({ path: '/api/stripe/add-card', body: { customerID: pay.customers.owner, paymentMethodID: 'pm_card_visa' } }),
    },
    'GET /api/stripe/all-methods-payment': { class: 'signed-in', probe: () => ({ path: '/api/stripe/all-methods-payment' }) },
    'GET /api/stripe/default-payment-method': { class: 'signed-in', probe: () => ({ path: '/api/stripe/default-payment-method' }) },
    // Cards are named by id alone: each caller acts on their own, and the owner's is refused to the other user.
    'POST /api/stripe/set-default-payment-method': {
      class: 'signed-in',
      probe: (caller) => ({ path: '/api/stripe/set-default-payment-method', body: { paymentMethodID: pay.cards[caller as 'owner'] } }),
      foreign: () => ({ path: '/api/stripe/set-default-payment-method', body: { paymentMethodID: pay.cards.owner } }),
    },
    'POST /api/stripe/delete-payment-method': {
      class: 'signed-in',
      probe: async (caller) => ({ path: '/api/stripe/delete-payment-method', body: { paymentMethodID: caller === 'visitor' ? 'pm_visitante' : await fresh.card(caller) } }),
      foreign: () => ({ path: '/api/stripe/delete-payment-method', body: { paymentMethodID: pay.cards.owner } }),
    },
    'POST /api/stripe/create-subscription': {
      class: 'owner-resource',
      probe: async () => ({ path: '/api/stripe/create-subscription', body: { customerID: pay.customers.owner, priceID: await fresh.paidAgentPrice() } }),
      // The other user's own customer, buying the owner's private agent.
      foreign: async () => ({ path: '/api/stripe/create-subscription', body: { customerID: pay.customers.other, priceID: await fresh.paidAgentPrice() } }),
    },
    'GET /api/stripe/list-subscriptions/:customer': {
      class: 'owner-resource',
      probe: () => ({ path: `/api/stripe/list-subscriptions/${pay.customers.owner}` }),
    },
    'POST /api/stripe/pause-subscription': {
      class: 'owner-resource',
      probe: async () => ({ path: '/api/stripe/pause-subscription', body: { subscriptionID: await fresh.subscription() } }),
    },
    'POST /api/stripe/resume-subscription': {
      class: 'owner-resource',
      probe: async () => ({ path: '/api/stripe/resume-subscription', body: { subscriptionID: await fresh.pausedSubscription() } }),
    },
    'POST /api/stripe/cancel-subscription': {
      class: 'owner-resource',
      probe: async () => ({ path: '/api/stripe/cancel-subscription', body: { subscriptionID: await fresh.subscription() } }),
    },
    'GET /api/stripe/subscriptions/:subscriptionId/change-preview': {
      class: 'owner-resource',
      probe: () => ({ path: `/api/stripe/subscriptions/${pay.subscriptionId}/change-preview?priceID=${pay.newPriceId}` }),
    },
    'POST /api/stripe/change-subscription-plan': {
      class: 'owner-resource',
      probe: async () => ({ path: '/api/stripe/change-subscription-plan', body: await fresh.planChange() }),
    },
    'POST /api/stripe/create-product': { class: 'owner-resource', probe: () => ({ path: '/api/stripe/create-product', body: { agentId: seeded.agentId } }) },
    'PUT /api/stripe/update-product': { class: 'owner-resource', probe: () => ({ path: '/api/stripe/update-product', body: { agentId: seeded.agentId } }) },
    // Creators get paid: the caller's own connected account and earnings (an admin may name a user).
    'POST /api/stripe/connect/onboarding': { class: 'signed-in', probe: () => ({ path: '/api/stripe/connect/onboarding' }) },
    'GET /api/stripe/connect/account': { class: 'signed-in', probe: () => ({ path: '/api/stripe/connect/account' }) },
    'GET /api/stripe/earnings': { class: 'self-only', probe: () => ({ path: `/api/stripe/earnings?user=${owner.sub}` }) },
    // Signed by the gateway, not by a user: anyone reaches it, and without a valid signature it is 400.
    'POST /api/stripe/webhook': {
      class: 'public',
      probe: () => ({ path: '/api/stripe/webhook', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=falsa' }, body: '{"id":"evt_falso"}' }),
    },

    'POST /api/bedrock/agents/chat': {
      class: 'owner-resource',
      probe: () => ({
        path: '/api/bedrock/agents/chat',
        body: { conversationId: seeded.conversationId, agentId: seeded.agentId, message: 'Hola' },
      }),
      foreign: async () => ({
        path: '/api/bedrock/agents/chat',
        body: { conversationId: await fresh.conversationOf(other), agentId: seeded.agentId, message: 'Hola' },
      }),
    },
    // A reply of the owner's, paused for a tool confirmation (seeded for each caller: an answer takes it).
    'POST /api/bedrock/agents/chat/confirmation': {
      class: 'owner-resource',
      probe: async (caller) => ({
        path: '/api/bedrock/agents/chat/confirmation',
        body: { conversationId: seeded.conversationId, callId: await pausedReply(caller), allow: false },
      }),
    },
    'POST /api/bedrock/models/chat': {
      class: 'owner-resource',
      probe: () => ({ path: '/api/bedrock/models/chat', body: { conversationId: seeded.conversationId, message: 'Hola' } }),
    },

    'GET /api/models': { class: 'signed-in', probe: () => ({ path: '/api/models' }) },

    'GET /api/agent-prompts': { class: 'signed-in', probe: () => ({ path: '/api/agent-prompts' }) },
    'GET /api/agent-prompts/:agentId': { class: 'owner-resource', probe: () => ({ path: `/api/agent-prompts/${seeded.agentId}` }) },
    'POST /api/agent-prompts': {
      class: 'owner-resource',
      probe: async () => ({
        path: '/api/agent-prompts',
        body: { agentId: await fresh.agent(), prompt: 'Nueva versión', versionName: 'v1', versionDescription: 'Desde la matriz' },
      }),
    },
    'DELETE /api/agent-prompts/:agentId': { class: 'owner-resource', probe: async () => ({ path: `/api/agent-prompts/${await fresh.agentWithVersions()}` }) },
    'GET /api/agent-prompts/:agentId/test-cases': { class: 'owner-resource', probe: () => ({ path: `/api/agent-prompts/${seeded.agentId}/test-cases` }) },
    'POST /api/agent-prompts/:agentId/test-cases': {
      class: 'owner-resource',
      probe: () => ({ path: `/api/agent-prompts/${seeded.agentId}/test-cases`, body: { question: '¿Quién eres?' } }),
    },
    'PUT /api/agent-prompts/:agentId/test-cases/:caseId': {
      class: 'owner-resource',
      probe: async () => ({ path: `/api/agent-prompts/${await fresh.testCase()}`, body: { question: '¿Y ahora?' } }),
    },
    'DELETE /api/agent-prompts/:agentId/test-cases/:caseId': {
      class: 'owner-resource',
      probe: async () => ({ path: `/api/agent-prompts/${await fresh.testCase()}` }),
    },
    'POST /api/fine-tuning/enhance-prompt': { class: 'signed-in', probe: () => ({ path: '/api/fine-tuning/enhance-prompt', body: { prompt: 'Eres un asesor.' } }) },
    'GET /api/fine-tuning/agent-prompts/:agentId/versions': {
      class: 'owner-resource',
      probe: () => ({ path: `/api/fine-tuning/agent-prompts/${seeded.agentId}/versions` }),
    },
    'GET /api/fine-tuning/agent-prompts/:agentId/versions/:version': {
      class: 'owner-resource',
      probe: () => ({ path: `/api/fine-tuning/agent-prompts/${seeded.agentId}/versions/1` }),
    },
    'DELETE /api/fine-tuning/agent-prompts/:agentId/versions/:version': {
      class: 'owner-resource',
      probe: async () => ({ path: `/api/fine-tuning/agent-prompts/${await fresh.agentWithVersions()}/versions/1` }),
    },
    'POST /api/fine-tuning/agent-prompts/:agentId/versions/:version/set-current': {
      class: 'owner-resource',
      probe: async () => ({ path: `/api/fine-tuning/agent-prompts/${await fresh.agentWithVersions()}/versions/1/set-current` }),
    },
    'POST /api/fine-tuning/agent-prompts/:agentId/versions/:version/test-run': {
      class: 'owner-resource',
      probe: () => ({ path: `/api/fine-tuning/agent-prompts/${seeded.agentId}/versions/1/test-run` }),
    },

    'GET /api/agent-creator': { class: 'signed-in', probe: () => ({ path: '/api/agent-creator' }) },
    'GET /api/agent-creator/conversation': {
      class: 'signed-in',
      probe: () => ({ path: '/api/agent-creator/conversation' }),
      foreign: () => ({ path: `/api/agent-creator/conversation?agentId=${seeded.agentId}` }),
    },
    'POST /api/agent-creator/messages': {
      class: 'signed-in',
      probe: () => ({ path: '/api/agent-creator/messages', body: { message: 'Quiero un agente de alquileres' } }),
      foreign: () => ({ path: '/api/agent-creator/messages', body: { message: 'Cámbialo', agentId: seeded.agentId } }),
    },
    'GET /api/agent-creator/agents/:agentId/draft': { class: 'owner-resource', probe: () => ({ path: `/api/agent-creator/agents/${seeded.agentId}/draft` }) },
    'POST /api/agent-creator/agents': { class: 'signed-in', probe: () => ({ path: '/api/agent-creator/agents', body: { draft: creatorDraft } }) },
    'PUT /api/agent-creator/agents/:agentId': {
      class: 'owner-resource',
      probe: async () => ({ path: `/api/agent-creator/agents/${await fresh.agent()}`, body: { draft: creatorDraft } }),
    },

    'POST /api/agents/:agentId/knowledge': {
      class: 'owner-resource',
      probe: () => ({ path: `/api/agents/${seeded.agentId}/knowledge`, file: Buffer.from('Un documento de texto para el conocimiento del agente.') }),
    },
    'GET /api/agents/:agentId/knowledge': { class: 'owner-resource', probe: () => ({ path: `/api/agents/${seeded.agentId}/knowledge` }) },
    'GET /api/agents/:agentId/knowledge/:documentId': { class: 'owner-resource', probe: async () => ({ path: await fresh.knowledgeDocument() }) },
    'DELETE /api/agents/:agentId/knowledge/:documentId': { class: 'owner-resource', probe: async () => ({ path: await fresh.knowledgeDocument() }) },
    'POST /api/agents/:agentId/knowledge/search': {
      class: 'owner-resource',
      probe: () => ({ path: `/api/agents/${seeded.agentId}/knowledge/search`, body: { query: 'fianza' } }),
    },

    'GET /api/agents/:agentId/tools': { class: 'owner-resource', probe: () => ({ path: `/api/agents/${seeded.agentId}/tools` }) },
    'POST /api/agents/:agentId/tools': { class: 'owner-resource', probe: () => ({ path: `/api/agents/${seeded.agentId}/tools`, body: toolSourceBody }) },
    'PUT /api/agents/:agentId/tools/:toolSourceId': { class: 'owner-resource', probe: async () => ({ path: await fresh.toolSource(), body: { name: 'Almacén' } }) },
    'DELETE /api/agents/:agentId/tools/:toolSourceId': { class: 'owner-resource', probe: async () => ({ path: await fresh.toolSource() }) },
    'POST /api/agents/:agentId/tools/:toolSourceId/refresh': { class: 'owner-resource', probe: async () => ({ path: `${await fresh.toolSource()}/refresh` }) },
    // Arguments the tool's schema refuses: the answer (ok: false) needs no network.
    'POST /api/agents/:agentId/tools/:toolSourceId/test': {
      class: 'owner-resource',
      probe: async () => ({ path: `${await fresh.toolSource()}/test`, body: { tool: 'verStock', arguments: {} } }),
    },

    'POST /api/fine-tuning/sessions': { class: 'owner-resource', probe: () => ({ path: '/api/fine-tuning/sessions', body: { agentId: seeded.agentId } }) },
    'GET /api/fine-tuning/sessions/:id': { class: 'owner-resource', probe: async () => ({ path: `/api/fine-tuning/sessions/${await fresh.fineTuningSession()}` }) },
    'POST /api/fine-tuning/sessions/:id/messages': {
      class: 'owner-resource',
      probe: async () => ({ path: `/api/fine-tuning/sessions/${await fresh.fineTuningSession()}/messages`, body: { message: 'Más breve' } }),
    },
    'POST /api/fine-tuning/sessions/:id/apply': {
      class: 'owner-resource',
      probe: async () => ({
        path: `/api/fine-tuning/sessions/${await fresh.fineTuningSession()}/apply`,
        body: { newPrompt: 'Eres breve.', versionName: 'Breve' },
      }),
    },
    'POST /api/fine-tuning/sessions/:id/close': {
      class: 'owner-resource',
      probe: async () => ({ path: `/api/fine-tuning/sessions/${await fresh.fineTuningSession()}/close`, body: {} }),
    },

    // Every method on every path of the admin area, real or not.
    'POST /api/agent/:id/publication': { class: 'owner-resource', probe: async () => ({ path: `/api/agent/${await fresh.agent()}/publication`, body: {} }) },
    'GET /api/publications': { class: 'signed-in', probe: () => ({ path: '/api/publications' }) },
    'GET /api/publication/:id': { class: 'owner-resource', probe: async () => ({ path: `/api/publication/${(await fresh.publication()).apiId}` }) },
    'PUT /api/publication/:id': { class: 'owner-resource', probe: async () => ({ path: `/api/publication/${(await fresh.publication()).apiId}`, body: { enabled: false } }) },
    'DELETE /api/publication/:id': { class: 'owner-resource', probe: async () => ({ path: `/api/publication/${(await fresh.publication()).apiId}` }) },
    'POST /api/publication/:id/keys': { class: 'owner-resource', probe: async () => ({ path: `/api/publication/${(await fresh.publication()).apiId}/keys`, body: { name: 'Otra' } }) },
    'GET /api/publication/:id/keys': { class: 'owner-resource', probe: async () => ({ path: `/api/publication/${(await fresh.publication()).apiId}/keys` }) },
    'DELETE /api/publication/:id/keys/:keyId': {
      class: 'owner-resource',
      probe: async () => {
        const publication = await fresh.publication();
        return { path: `/api/publication/${publication.apiId}/keys/${publication.apiKey.keyId}` };
      },
    },
    'GET /api/publication/:id/usage': { class: 'owner-resource', probe: async () => ({ path: `/api/publication/${(await fresh.publication()).apiId}/usage` }) },
    'GET /api/publication/:id/openapi.json': { class: 'owner-resource', probe: async () => ({ path: `/api/publication/${(await fresh.publication()).apiId}/openapi.json` }) },
    // Selling a publication's API (issue 36): its prices are its creator's until it is available, and so are its buyers.
    'PUT /api/publication/:apiId/pricing': {
      class: 'owner-resource',
      probe: async () => ({ path: `/api/publication/${await sales.unsold()}/pricing`, body: { available: false, per1000Calls: 0, perMillionInputTokens: 0, perMillionOutputTokens: 0 } }),
    },
    'GET /api/publication/:apiId/pricing': { class: 'owner-read', probe: async () => ({ path: `/api/publication/${await sales.unsold()}/pricing` }) },
    'GET /api/publication/:apiId/buyers': { class: 'owner-resource', probe: async () => ({ path: `/api/publication/${await sales.unsold()}/buyers` }) },
    // A buyer's keys: any signed-in user with a card (every caller here has one) buys them; only their owner deletes one.
    'POST /api/me/api-keys': { class: 'signed-in', probe: async () => ({ path: '/api/me/api-keys', body: { agentId: await sales.forSale(), name: 'Mía' } }) },
    'GET /api/me/api-keys': { class: 'signed-in', probe: () => ({ path: '/api/me/api-keys' }) },
    'DELETE /api/me/api-keys/:keyId': {
      class: 'owner-resource',
      probe: async () => {
        const agentId = await sales.forSale();
        return { path: `/api/me/api-keys/${(await http().post('/api/me/api-keys').set(owner.authorization).send({ agentId, name: 'Comprada' }).expect(201)).body.keyId}` };
      },
    },
    'GET /api/me/api-usage': { class: 'signed-in', probe: () => ({ path: '/api/me/api-usage' }) },
    'GET /api/me/api-invoices': { class: 'signed-in', probe: () => ({ path: '/api/me/api-invoices' }) },
    'POST /api/v1/agent/:id/invoke': { class: 'api-key', probe: () => ({ path: `/api/v1/agent/${seeded.agentId}/invoke`, body: { input: 'Hola' } }) },
    'POST /api/v1/agent/:id/mcp': { class: 'api-key', probe: () => ({ path: `/api/v1/agent/${seeded.agentId}/mcp`, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }) },
    'ALL /api/v1/agent/:id/mcp': { class: 'api-key', probe: () => ({ path: `/api/v1/agent/${seeded.agentId}/mcp` }) },
    'POST /api/v1/chat/completions': { class: 'api-key', probe: () => ({ path: '/api/v1/chat/completions', body: { model: seeded.agentId, messages: [{ role: 'user', content: 'Hola' }] } }) },
    'GET /api/v1/models': { class: 'api-key', probe: () => ({ path: '/api/v1/models' }) },
    // A2A (issue 36): JSON-RPC only with a key; the Agent Card is public, and only while the agent is published (this one is not).
    'POST /api/a2a/:id': { class: 'api-key', probe: () => ({ path: `/api/a2a/${seeded.agentId}`, body: { jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: 'x' } } }) },
    'GET /api/a2a/:id/.well-known/agent-card.json': { class: 'public', probe: () => ({ path: `/api/a2a/${seeded.agentId}/.well-known/agent-card.json` }) },
    // Prometheus' scrape (issue 35): its own bearer token, METRICS_TOKEN, which this app lacks, so every caller's token is refused.
    'GET /metrics': { class: 'api-key', probe: () => ({ path: '/metrics' }) },

    // Collaboration sessions (issue 16): the owner's session, finished, so that its event stream ends and it can be repeated.
    'POST /api/collaboration/sessions': {
      class: 'owner-resource',
      probe: () => ({ path: '/api/collaboration/sessions', body: { agentIds: [seeded.agentId], query: '¿Qué me recomiendas?' } }),
      foreign: () => ({ path: '/api/collaboration/sessions', body: { agentIds: [seeded.agentId], query: '¿Qué me recomiendas?' } }),
    },
    'GET /api/collaboration/sessions': { class: 'signed-in', probe: () => ({ path: '/api/collaboration/sessions' }) },
    'GET /api/collaboration/sessions/:id': { class: 'owner-resource', probe: async () => ({ path: `/api/collaboration/sessions/${await collaboration.session()}` }) },
    'GET /api/collaboration/sessions/:id/events': { class: 'owner-resource', probe: async () => ({ path: `/api/collaboration/sessions/${await collaboration.session()}/events` }) },
    'POST /api/collaboration/sessions/:id/cancel': { class: 'owner-resource', probe: async () => ({ path: `/api/collaboration/sessions/${await collaboration.session()}/cancel` }) },
    'POST /api/collaboration/sessions/:id/replay': { class: 'owner-resource', probe: async () => ({ path: `/api/collaboration/sessions/${await collaboration.session()}/replay` }) },
    'POST /api/collaboration/sessions/:id/save-as-ecosystem': {
      class: 'owner-resource',
      probe: async () => ({ path: `/api/collaboration/sessions/${await collaboration.session()}/save-as-ecosystem`, body: { name: 'Equipo guardado' } }),
    },
    // Saved flows: admins write them; every signed-in user reads and runs the templates.
    'GET /api/flows': { class: 'signed-in', probe: () => ({ path: '/api/flows' }) },
    'POST /api/flows': { class: 'admin-only', probe: () => ({ path: '/api/flows', body: collaboration.flowBody }) },
    'GET /api/flows/:id': { class: 'signed-in', probe: async () => ({ path: `/api/flows/${await collaboration.template()}` }) },
    'PUT /api/flows/:id': { class: 'admin-only', probe: async () => ({ path: `/api/flows/${await collaboration.template()}`, body: collaboration.flowBody }) },
    'DELETE /api/flows/:id': { class: 'admin-only', probe: async () => ({ path: `/api/flows/${await collaboration.flow()}` }) },
    'POST /api/flows/:id/run': { class: 'signed-in', probe: async () => ({ path: `/api/flows/${await collaboration.template()}/run`, body: { query: '¿Cómo empiezo?' } }) },

    // The admin area (issue 17). Changes to accounts name no account, so that the admin's probe
    // (a 404) leaves the callers of the other rules signed in.
    'GET /api-admin/users': { class: 'admin-only', probe: () => ({ path: '/api-admin/users?status=confirmed&search=a&page=1&limit=5' }) },
    'GET /api-admin/users/:id/agents': { class: 'admin-only', probe: () => ({ path: `/api-admin/users/${owner.sub}/agents` }) },
    'POST /api-admin/users/:id/disable': { class: 'admin-only', probe: () => ({ path: '/api-admin/users/00000000-0000-4000-8000-000000000000/disable', body: {} }) },
    'POST /api-admin/users/:id/erase': { class: 'admin-only', probe: () => ({ path: '/api-admin/users/00000000-0000-4000-8000-000000000000/erase', body: {} }) },
    'POST /api-admin/users/:id/enable': { class: 'admin-only', probe: () => ({ path: '/api-admin/users/00000000-0000-4000-8000-000000000000/enable', body: {} }) },
    'PUT /api-admin/users/:id/role': { class: 'admin-only', probe: () => ({ path: '/api-admin/users/00000000-0000-4000-8000-000000000000/role', body: { role: 'admin' } }) },
    'GET /api-admin/agents': { class: 'admin-only', probe: () => ({ path: '/api-admin/agents' }) },
    'GET /api-admin/agents/:id/prompt': { class: 'admin-only', probe: () => ({ path: `/api-admin/agents/${seeded.agentId}/prompt` }) },
    'PUT /api-admin/agents/:id': {
      class: 'admin-only',
      probe: async () => ({ path: `/api-admin/agents/${await fresh.agent()}`, body: { name: 'Revisado', category: 'legal', description: 'Revisado' } }),
    },
    'DELETE /api-admin/agents/:id': { class: 'admin-only', probe: async () => ({ path: `/api-admin/agents/${await fresh.agent()}` }) },
    'PUT /api-admin/agents/:id/prompt': { class: 'admin-only', probe: async () => ({ path: `/api-admin/agents/${await fresh.agent()}/prompt`, body: { prompt: 'Revisado' } }) },
    'GET /api-admin/metrics/agents': { class: 'admin-only', probe: () => ({ path: '/api-admin/metrics/agents' }) },
    'GET /api-admin/metrics/users': { class: 'admin-only', probe: () => ({ path: '/api-admin/metrics/users' }) },
    'GET /api-admin/metrics/detailed': { class: 'admin-only', probe: () => ({ path: '/api-admin/metrics/detailed' }) },
    'GET /api-admin/metrics/margins': { class: 'admin-only', probe: () => ({ path: '/api-admin/metrics/margins' }) },
    'GET /api-admin/stripe/balance': { class: 'admin-only', probe: () => ({ path: '/api-admin/stripe/balance' }) },
    'GET /api-admin/stripe/balance_transactions/:limit': { class: 'admin-only', probe: () => ({ path: '/api-admin/stripe/balance_transactions/10' }) },
    'GET /api-admin/stripe/subscription-users': { class: 'admin-only', probe: () => ({ path: '/api-admin/stripe/subscription-users' }) },
    'GET /api-admin/stripe/products/:limit': { class: 'admin-only', probe: () => ({ path: '/api-admin/stripe/products/10' }) },
    'GET /api-admin/stripe/customers/:limit': { class: 'admin-only', probe: () => ({ path: '/api-admin/stripe/customers/10' }) },
    'POST /api-admin/stripe/resume': { class: 'admin-only', probe: () => ({ path: '/api-admin/stripe/resume', body: { startDate: '2026-01-01', endDate: '2026-12-31' } }) },
    'GET /api-admin/audit': { class: 'admin-only', probe: () => ({ path: '/api-admin/audit?page=1&limit=5' }) },
    'GET /api-admin/audit/verify': { class: 'admin-only', probe: () => ({ path: '/api-admin/audit/verify' }) },
    'GET /api-admin/moderation': { class: 'admin-only', probe: () => ({ path: '/api-admin/moderation' }) },
    // A fresh public agent, which waits for moderation: approving the owner's would show it to everyone.
    'POST /api-admin/moderation/:agentId/approve': { class: 'admin-only', probe: async () => ({ path: `/api-admin/moderation/${await fresh.agent(true)}/approve`, body: {} }) },
    'POST /api-admin/moderation/:agentId/reject': {
      class: 'admin-only',
      probe: async () => ({ path: `/api-admin/moderation/${await fresh.agent(true)}/reject`, body: { reason: 'Prueba' } }),
    },
    'GET /api-admin/reports': { class: 'admin-only', probe: () => ({ path: '/api-admin/reports?status=open' }) },
    'POST /api-admin/reports/:reportId/resolve': { class: 'admin-only', probe: async () => ({ path: `/api-admin/reports/${await fresh.report()}/resolve`, body: { action: 'dismiss', note: 'Sin motivo' } }) },
    'POST /api-admin/payouts/settle': { class: 'admin-only', probe: () => ({ path: '/api-admin/payouts/settle', body: {} }) },
    'ALL /api-admin/{*rest}': { class: 'admin-only', probe: () => ({ path: `/api-admin/users/${owner.sub}` }) },
  };

  /** Every route Express dispatches to, as "METHOD path"; a route for every method is "ALL". */
  const registeredRoutes = (): string[] => {
    const router = (testApp.app.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } }).router;
    return router.stack.flatMap((layer) => {
      if (!layer.route) return [];
      const methods = Object.keys(layer.route.methods);
      if (methods.includes('_all') || methods.length > 10) return [`ALL ${layer.route.path}`];
      return methods.map((method) => `${method.toUpperCase()} ${layer.route?.path}`);
    });
  };

  const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  const methodsOf = (route: string) => {
    const method = route.split(' ')[0];
    return method === 'ALL' ? ALL_METHODS : [method];
  };

  /** The answer's whole text, body and headers, in lower case. */
  const answerText = (response: request.Response) =>
    `${JSON.stringify(response.headers)}\n${response.text ?? ''}\n${Buffer.isBuffer(response.body) ? '' : JSON.stringify(response.body ?? '')}`.toLowerCase();

  const leaks = (response: request.Response): string[] =>
    Object.values(SECRETS).filter((secret) => answerText(response).includes(secret.toLowerCase()));

  beforeAll(async () => {
    // The benchmark's routes too: a build that serves them must not serve them unclassified.
    benchRoutes = process.env.BENCH_ROUTES;
    process.env.BENCH_ROUTES = '1';
    // Per-user quotas are another test's subject; here a 429 would hide the answer under test.
    const roomyQuotas = Object.fromEntries(
      ['AGENTS_PER_HOUR', 'ECOSYSTEMS_PER_HOUR', 'CONVERSATIONS_PER_HOUR', 'MESSAGES_PER_MINUTE', 'UPLOADS_PER_HOUR', 'MODEL_CALLS_PER_MINUTE', 'REVIEWS_PER_HOUR', 'REPORTS_PER_HOUR'].map(
        (name) => [`RATE_LIMIT_${name}`, '10000'],
      ),
    );
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], { ADMIN_EMAILS: 'jefa@example.com', MODERATION_ENABLED: 'true', ...roomyQuotas });
    owner = await signUpAndSignIn(testApp, SECRETS.email, undefined, SECRETS.name);
    other = await signUpAndSignIn(testApp, 'otra@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    ownerUsername = SECRETS.email;

    await http().post('/api/users/registration').set(owner.authorization).send({ contactName: SECRETS.contactName }).expect(201);
    await http().post(`/api/users/${owner.sub}/nova-prompt`).set(owner.authorization).send({ prompt: SECRETS.novaPrompt }).expect(200);
    seeded.agentId = (
      await http()
        .post('/api/agents')
        .set(owner.authorization)
        .send({ name: SECRETS.agentName, category: 'legal', description: 'Privado', prompt: SECRETS.agentPrompt, price: 5 })
        .expect(201)
    ).body.id;
    seeded.ecosystemId = (
      await http().post('/api/ecosystems').set(owner.authorization).send({ name: SECRETS.ecosystemName, agentIds: [seeded.agentId] }).expect(201)
    ).body.id;
    await http().post(`/api/user-agents/${owner.sub}`).set(owner.authorization).send({ agentId: seeded.agentId }).expect(201);
    await http().post(`/api/user-ecosystems/${owner.sub}`).set(owner.authorization).send({ ecosystemId: seeded.ecosystemId }).expect(201);
    seeded.conversationId = await fresh.conversation();
    await http().put(`/api/conversations/${seeded.conversationId}`).set(owner.authorization).send({ title: SECRETS.conversationTitle }).expect(200);
    await http()
      .post(`/api/conversations/${seeded.conversationId}/messages`)
      .set(owner.authorization)
      .send({ id: 'm-secreto', role: 'user', content: SECRETS.messageText })
      .expect(201);
    const upload = (await http().post('/api/files').set(owner.authorization).attach('file', PNG, { filename: 'a.png', contentType: 'image/png' }).expect(201)).body;
    seeded.fileId = upload.fileId;
    seeded.fileUrl = upload.url;
    const subscriptions = testApp.app.get<Repository<Subscription>>(getRepositoryToken(Subscription));
    await subscriptions.save(subscriptionRow(subscriptions, owner.sub, { subscriptionId: SECRETS.subscriptionId, agentId: seeded.agentId, status: 'active' }));
    for (const caller of ['owner', 'other', 'admin'] as const) {
      const user = tokenOf(caller) as SignedInUser;
      const body = caller === 'owner' ? { name: SECRETS.name, email: SECRETS.email } : { name: 'Quien llama', email: user.email };
      pay.customers[caller] = (await http().post('/api/stripe/create-customer').set(user.authorization).send(body).expect(201)).body.customerId;
      pay.cards[caller] = (
        await http().post('/api/stripe/add-card').set(user.authorization).send({ customerID: pay.customers[caller], paymentMethodID: 'pm_card_visa' }).expect(201)
      ).body.id;
    }
    ({ subscriptionID: pay.subscriptionId, priceID: pay.newPriceId } = await fresh.planChange());
  });

  afterAll(async () => {
    if (benchRoutes === undefined) delete process.env.BENCH_ROUTES;
    else process.env.BENCH_ROUTES = benchRoutes;
    await testApp.close();
  });

  it('has a rule for every registered route, and no rule for a route that is gone', () => {
    const routes = registeredRoutes();
    expect(routes.filter((route) => !(route in RULES))).toEqual([]);
    expect(Object.keys(RULES).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('keeps the admin area for admins whatever the letter case of its prefix, as routing ignores it', async () => {
    const answers: string[] = [];
    for (const prefix of ['/api-admin', '/API-ADMIN', '/Api-Admin', '/api-ADMIN']) {
      for (const method of ALL_METHODS) {
        const path = `${prefix}/users/${owner.sub}`;
        const statuses = await Promise.all((['visitor', 'other', 'admin'] as const).map(async (caller) => (await send(caller, method, { path })).status));
        answers.push(`${method} ${path}: ${statuses.join(' ')}`);
      }
    }
    // visitor 401, user 403, admin past the check (the area's own 404 for a path it does not serve).
    expect(answers.filter((answer) => !answer.endsWith(': 401 403 404'))).toEqual([]);
  });

  /**
   * The states the owner's agent goes through, in this order, one run of the matrix in each. The
   * first run sends every request and notes the routes whose requests name that agent; the later
   * ones send those and the public routes (the listings) again. The rest answer whatever the agent's
   * state, and would only use up the payment attempts and test cases one user may make.
   */
  const routesNamingTheAgent = new Set<string>();
  const AGENT_STATES = {
    private: async () => undefined,
    // Made public with moderation on, it waits.
    pending: async () => {
      await http().post('/api/agents').set(owner.authorization).send({ id: seeded.agentId, name: SECRETS.agentName, category: 'legal', description: 'Privado', isPublic: true }).expect(200);
      const queue = (await http().get('/api-admin/moderation').set(admin.authorization).expect(200)).body.items as Array<{ id: string }>;
      expect(queue.map((agent) => agent.id)).toContain(seeded.agentId);
    },
    rejected: async () => {
      const { body } = await http().post(`/api-admin/moderation/${seeded.agentId}/reject`).set(admin.authorization).send({ reason: 'Prueba' }).expect(200);
      expect(body.moderationStatus).toBe('rejected');
    },
  };

  it.each(Object.keys(AGENT_STATES) as Array<keyof typeof AGENT_STATES>)('with the owner\'s agent %s, answers each caller as the route class says, and shows the owner nothing of theirs to anyone else', async (state) => {
    await AGENT_STATES[state]();
    const firstRun = state === 'private';
    if (!firstRun) expect(routesNamingTheAgent.size).toBeGreaterThan(0);
    const failures: string[] = [];
    const check = (route: string, caller: string, response: request.Response, [allowed, expected]: Expectation) => {
      if (response.status >= 500 || !allowed(response.status)) {
        failures.push(`${route} as ${caller}: ${response.status}, expected ${expected}`);
      }
      const leaked = caller === 'owner' || caller === 'admin' ? [] : leaks(response);
      if (leaked.length > 0) failures.push(`${route} as ${caller}: the answer shows ${leaked.join(', ')}`);
    };

    const routes = registeredRoutes().filter((route) => firstRun || routesNamingTheAgent.has(route) || RULES[route]?.class === 'public');
    for (const route of routes) {
      const rule = RULES[route];
      if (!rule) continue;
      const path = route.slice(route.indexOf(' ') + 1);
      for (const method of methodsOf(route)) {
        // The owner goes last: a deletion by an admin must not leave the owner nothing to act on.
        for (const caller of ['visitor', 'other', 'admin', 'owner'] as const) {
          check(`${method} ${path}`, caller, await send(caller, method, await rule.probe(caller)), EXPECTED[rule.class][caller]);
        }
        const foreign = rule.foreign ? await rule.foreign() : undefined;
        if (foreign) {
          const refused: Expectation = [(status) => status === 400 || hidden(status), '400/403/404'];
          check(`${method} ${path}`, "other naming the owner's private thing", await send('other', method, foreign), refused);
        }
        if (!firstRun) continue;

        // The owner named by the other user anywhere a user id may go: refused, and nothing shown.
        // The document is no controller's: no user id reaches anything there, so it is just served.
        const namingAnswer = rule.class === 'document' ? NOT_REFUSED : rule.class === 'api-key' ? REFUSED_KEY : HIDDEN;
        const plain = await rule.probe('other');
        if (JSON.stringify([plain, foreign]).includes(seeded.agentId)) routesNamingTheAgent.add(route);
        const withQuery = (userId: string) => `${plain.path}${plain.path.includes('?') ? '&' : '?'}userId=${encodeURIComponent(userId)}`;
        const naming: Array<[string, Probe]> = [
          ['?userId=', { ...plain, path: withQuery(owner.sub) }],
          ['?userId=(username)', { ...plain, path: withQuery(ownerUsername) }],
          ['x-user-id', { ...plain, headers: { ...plain.headers, 'x-user-id': owner.sub } }],
        ];
        const bodyTakesUserId = plain.body === undefined || (typeof plain.body === 'object' && !Array.isArray(plain.body));
        if (bodyTakesUserId && !plain.file) {
          naming.push(['body userId', { ...plain, body: { ...(plain.body as object | undefined), userId: owner.sub } }]);
        }
        for (const [where, named] of naming) {
          check(`${method} ${path}`, `other naming the owner in ${where}`, await send('other', method, named), namingAnswer);
          check(`${method} ${path}`, `visitor naming the owner in ${where}`, await send('visitor', method, named), ANY);
        }
      }
    }

    console.log(`Matriz de autorización (agente ${state}): ${routes.length} rutas, ${requestsSent} peticiones en total.`);
    expect(failures).toEqual([]);
  });
});
