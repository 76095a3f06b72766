import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource, type Repository } from 'typeorm';
import { AgentsService } from '../../src/modules/agents/agents.service';
import { AuditEntry } from '../../src/modules/audit/audit-entry.entity';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { PopularityTracker, POPULARITY_WINDOW_MS } from '../../src/modules/reviews/popularity/popularity-tracker';
import { ratingStats } from '../../src/modules/reviews/rating-formula';
import { Subscription } from '../../src/modules/subscriptions/entities/subscription.entity';
import { ApiKey } from '../../src/modules/publications/entities/api-key.entity';
import { ApiPublication } from '../../src/modules/publications/entities/api-publication.entity';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { createPublicAgent } from '../support/agents';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { subscriptionRow } from '../support/subscriptions';
import { createTestAppWith, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const NOT_USED = 'Solo puedes valorar agentes que has usado.';

interface ReviewPage {
  items: Array<{ id: string; rating: number; comment: string | null; author: { username: string; name: string | null }; createdAt: string; updatedAt: string; reply: { text: string; createdAt: string; updatedAt: string } | null }>;
  total: number;
  page: number;
  limit: number;
  summary: { average: number | null; count: number; histogram: Record<'1' | '2' | '3' | '4' | '5', number> };
}

/** Issue 34: reviews by real users, the rating and popularity they make, reports and their queue. */
describe('reviews, ratings, popularity and reports (issue 34)', () => {
  const gateway = new FakeModelGateway();
  let testApp: TestApp;
  let creator: SignedInUser;
  let buyer: SignedInUser;
  let stranger: SignedInUser;
  let subscriber: SignedInUser;
  let reporter: SignedInUser;
  let admin: SignedInUser;
  let agentId: string;
  let subscriptions: Repository<Subscription>;
  const http = () => request(testApp.server);

  const chatWith = async (user: SignedInUser, id: string) => {
    const { body: conversation } = await http().post('/api/conversations').set(user.authorization).send({ metadata: { agentId: id } }).expect(201);
    await http().post('/api/bedrock/agents/chat').set(user.authorization).send({ conversationId: conversation.id, message: 'Hola' }).expect(200);
  };
  const reviewsOf = async (id: string, query: Record<string, string | number> = {}) => (await http().get(`/api/agents/${id}/reviews`).query(query).expect(200)).body as ReviewPage;
  const agent = async (id: string, user?: SignedInUser) => {
    const call = http().get(`/api/agents/${id}`);
    if (user) call.set(user.authorization);
    return (await call.expect(200)).body as { rating: number; ratingCount: number; popularity: number; isPublic: boolean };
  };
  const review = (user: SignedInUser, id: string, body: object) => http().post(`/api/agents/${id}/reviews`).set(user.authorization).send(body);

  beforeAll(async () => {
    testApp = await createTestAppWith([[ModelGateway, gateway]], { ADMIN_EMAILS: 'jefa@example.com', RATE_LIMIT_AGENTS_PER_HOUR: '1000' });
    creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    buyer = await signUpAndSignIn(testApp, 'compradora@example.com', undefined, 'Berta Compradora');
    stranger = await signUpAndSignIn(testApp, 'desconocido@example.com');
    subscriber = await signUpAndSignIn(testApp, 'suscriptora@example.com');
    reporter = await signUpAndSignIn(testApp, 'denunciante@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    agentId = await createPublicAgent(testApp, creator, 'Asesor de Contratos', 0);
    subscriptions = testApp.app.get(DataSource).getRepository(Subscription);
  });

  afterAll(() => testApp.close());

  it("an agent nobody reviewed has no rating: an empty summary, rating 0 and ratingCount 0, and the sample agents too", async () => {
    const page = await reviewsOf(agentId);
    expect(page).toEqual({ items: [], total: 0, page: 1, limit: 10, summary: { average: null, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } }, mine: null });
    expect(await agent(agentId)).toMatchObject({ rating: 0, ratingCount: 0, popularity: 0 });
    const { body: samples } = await http().get('/api/agents').expect(200);
    for (const sample of (samples as Array<{ createdBy: string; rating: number; ratingCount: number; popularity: number }>).filter((item) => item.createdBy === 'system')) {
      expect(sample).toMatchObject({ rating: 0, ratingCount: 0, popularity: 0 });
    }
  });

  it('refuses a visitor (401), someone who never used the agent (403) and its creator (403)', async () => {
    await http().post(`/api/agents/${agentId}/reviews`).send({ rating: 5 }).expect(401);
    const never = await review(stranger, agentId, { rating: 5 }).expect(403);
    expect(never.body).toMatchObject({ statusCode: 403, message: NOT_USED, code: 'NotUsed' });
    const own = await review(creator, agentId, { rating: 5 }).expect(403);
    expect(own.body.message).toBe('No puedes valorar tus propios agentes.');
    expect((await reviewsOf(agentId)).total).toBe(0);
  });

  it("answers 404 for another user's private agent, to read its reviews or to write one", async () => {
    const { body: secret } = await http().post('/api/agents').set(creator.authorization).send({ name: 'Privado', category: 'legal', description: 'Oculto' }).expect(201);
    await http().get(`/api/agents/${secret.id}/reviews`).expect(404);
    await http().get(`/api/agents/${secret.id}/reviews`).set(buyer.authorization).expect(404);
    await review(buyer, secret.id, { rating: 3 }).expect(404);
    await http().get(`/api/agents/${secret.id}/reviews`).set(creator.authorization).expect(200);
  });

  it('validates the stars (1–5, whole) and the comment (at most 2,000 characters)', async () => {
    await chatWith(buyer, agentId);
    for (const rating of [0, 6, 4.5, '4']) await review(buyer, agentId, { rating }).expect(400);
    const long = await review(buyer, agentId, { rating: 4, comment: 'x'.repeat(2001) }).expect(400);
    expect(long.body.message).toContain('El comentario no puede superar los 2000 caracteres.');
  });

  it('after a chat turn the buyer rates it (201); writing again replaces it (200, editada) and the rating follows', async () => {
    const first = await review(buyer, agentId, { rating: 4, comment: '  Muy útil <b>de verdad</b>  ' }).expect(201);
    expect(first.body).toMatchObject({ rating: 4, comment: 'Muy útil <b>de verdad</b>', reply: null });
    // The public name, never the e-mail nor the name given at sign-up.
    expect(first.body.author.name).toBe(first.body.author.username);
    expect(JSON.stringify(first.body.author)).not.toMatch(/@|Berta Compradora/);
    expect(first.body.updatedAt).toBe(first.body.createdAt);
    expect(await agent(agentId)).toMatchObject({ rating: 4, ratingCount: 1 });

    const second = await review(buyer, agentId, { rating: 2 }).expect(200);
    expect(second.body).toMatchObject({ id: first.body.id, rating: 2, comment: null, createdAt: first.body.createdAt });
    expect(second.body.updatedAt > second.body.createdAt).toBe(true);
    const page = await reviewsOf(agentId);
    expect(page.total).toBe(1);
    expect(page.items).toHaveLength(1);
    expect(page.summary).toEqual({ average: 2, count: 1, histogram: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 0 } });
    expect(await agent(agentId)).toMatchObject({ rating: 2, ratingCount: 1 });
    await review(buyer, agentId, { rating: 4, comment: 'Muy útil' }).expect(200);

    // Its author reads it back as theirs (to start the form with it); nobody else does.
    const asAuthor = (await http().get(`/api/agents/${agentId}/reviews`).set(buyer.authorization).expect(200)).body as ReviewPage & { mine: { rating: number; comment: string | null } | null };
    expect(asAuthor.mine).toMatchObject({ id: first.body.id, rating: 4, comment: 'Muy útil' });
    const asStranger = (await http().get(`/api/agents/${agentId}/reviews`).set(stranger.authorization).expect(200)).body as { mine: unknown };
    expect(asStranger.mine).toBeNull();
    expect((await reviewsOf(agentId) as unknown as { mine: unknown }).mine).toBeNull();
  });

  it('a subscription, even a past one, to the agent or to an ecosystem bundle that holds it, counts as use', async () => {
    await review(subscriber, agentId, { rating: 5 }).expect(403);
    await subscriptions.save(subscriptionRow(subscriptions, subscriber.sub, { status: 'cancelled', isBundle: true, agents: ['otro', agentId], finishedAt: new Date() }));
    await review(subscriber, agentId, { rating: 5, comment: 'Excelente' }).expect(201);
    const page = await reviewsOf(agentId);
    expect(page.summary).toEqual({ average: 4.5, count: 2, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } });
    expect(await agent(agentId)).toMatchObject({ rating: 4.5, ratingCount: 2 });
    // Its creator editing it leaves the numbers alone.
    await http().post('/api/agents').set(creator.authorization).send({ id: agentId, name: 'Asesor de Contratos', category: 'finance', description: 'Contratos y más' }).expect(200);
    expect(await agent(agentId)).toMatchObject({ rating: 4.5, ratingCount: 2, description: 'Contratos y más' });
  });

  it('pages the reviews, newest first by default or by stars', async () => {
    const recent = await reviewsOf(agentId, { limit: 1 });
    expect(recent.items.map((item) => item.rating)).toEqual([5]);
    expect(recent).toMatchObject({ total: 2, page: 1, limit: 1 });
    const next = await reviewsOf(agentId, { limit: 1, page: 2 });
    expect(next.items.map((item) => item.rating)).toEqual([4]);
    const byStars = await reviewsOf(agentId, { sort: 'rating' });
    expect(byStars.items.map((item) => item.rating)).toEqual([5, 4]);
    await http().get(`/api/agents/${agentId}/reviews`).query({ sort: 'peor' }).expect(400);
  });

  it("the creator replies once and may edit it; nobody else may (403), a visitor neither (401)", async () => {
    const [buyerReview] = (await reviewsOf(agentId, { sort: 'rating', page: 1, limit: 2 })).items.filter((item) => item.rating === 4);
    await http().put(`/api/reviews/${buyerReview.id}/reply`).send({ text: 'Gracias' }).expect(401);
    const refused = await http().put(`/api/reviews/${buyerReview.id}/reply`).set(buyer.authorization).send({ text: 'Me respondo' }).expect(403);
    expect(refused.body.message).toBe('Solo el creador del agente puede responder a sus valoraciones.');
    await http().put(`/api/reviews/${buyerReview.id}/reply`).set(creator.authorization).send({ text: '   ' }).expect(400);
    const replied = await http().put(`/api/reviews/${buyerReview.id}/reply`).set(creator.authorization).send({ text: '¡Gracias por probarlo!' }).expect(200);
    expect(replied.body.reply).toMatchObject({ text: '¡Gracias por probarlo!' });
    const edited = await http().put(`/api/reviews/${buyerReview.id}/reply`).set(creator.authorization).send({ text: 'Gracias, lo mejoraremos.' }).expect(200);
    expect(edited.body.reply).toMatchObject({ text: 'Gracias, lo mejoraremos.', createdAt: replied.body.reply.createdAt });
    const listed = (await reviewsOf(agentId)).items.find((item) => item.id === buyerReview.id);
    expect(listed?.reply?.text).toBe('Gracias, lo mejoraremos.');
    await http().put('/api/reviews/no-existe/reply').set(creator.authorization).send({ text: 'Hola' }).expect(404);
  });

  it('a report is taken once per user (409 on repeat); the admin queue shows it; only admins see it', async () => {
    const [buyerReview] = (await reviewsOf(agentId)).items.filter((item) => item.rating === 4);
    await http().post(`/api/reviews/${buyerReview.id}/report`).send({ reason: 'spam' }).expect(401);
    await http().post(`/api/reviews/${buyerReview.id}/report`).set(reporter.authorization).send({ reason: 'nada' }).expect(400);
    const { body: receipt } = await http().post(`/api/reviews/${buyerReview.id}/report`).set(reporter.authorization).send({ reason: 'offensive', details: 'Insulta' }).expect(201);
    expect(receipt).toMatchObject({ targetType: 'review', targetId: buyerReview.id, status: 'open' });
    const again = await http().post(`/api/reviews/${buyerReview.id}/report`).set(reporter.authorization).send({ reason: 'spam' }).expect(409);
    expect(again.body.message).toBe('Ya has denunciado esta valoración.');
    await http().post(`/api/agents/${agentId}/report`).set(reporter.authorization).send({ reason: 'misleading' }).expect(201);
    const agentAgain = await http().post(`/api/agents/${agentId}/report`).set(reporter.authorization).send({ reason: 'spam' }).expect(409);
    expect(agentAgain.body.message).toBe('Ya has denunciado este agente.');

    await http().get('/api-admin/reports').set(reporter.authorization).expect(403);
    await http().get('/api-admin/reports').expect(401);
    const { body: queue } = await http().get('/api-admin/reports').query({ status: 'open' }).set(admin.authorization).expect(200);
    expect(queue.items).toEqual([
      expect.objectContaining({ targetType: 'review', targetId: buyerReview.id, agentId, agentName: 'Asesor de Contratos', reason: 'offensive', details: 'Insulta', status: 'open', review: expect.objectContaining({ rating: 4, hidden: false }) }),
      expect.objectContaining({ targetType: 'agent', targetId: agentId, reason: 'misleading', review: null }),
    ]);
    await http().post(`/api-admin/reports/${queue.items[0].id}/resolve`).set(reporter.authorization).send({ action: 'dismiss', note: '' }).expect(403);
  });

  it('hiding a reported review takes it out of the list, the summary and the rating; the resolution is audited', async () => {
    const { body: queue } = await http().get('/api-admin/reports').set(admin.authorization).expect(200);
    const reviewReport = queue.items.find((item: { targetType: string }) => item.targetType === 'review');
    await http().post(`/api-admin/reports/${reviewReport.id}/resolve`).set(admin.authorization).send({ action: 'unpublish', note: 'No' }).expect(400);
    const { body: resolved } = await http().post(`/api-admin/reports/${reviewReport.id}/resolve`).set(admin.authorization).send({ action: 'hide', note: 'Lenguaje ofensivo' }).expect(200);
    expect(resolved).toMatchObject({ status: 'resolved', action: 'hide', note: 'Lenguaje ofensivo', review: expect.objectContaining({ hidden: true }) });
    const again = await http().post(`/api-admin/reports/${reviewReport.id}/resolve`).set(admin.authorization).send({ action: 'dismiss', note: '' }).expect(409);
    expect(again.body.message).toBe('Esta denuncia ya está resuelta.');

    const page = await reviewsOf(agentId);
    expect(page.items.map((item) => item.rating)).toEqual([5]);
    expect(page.summary).toEqual({ average: 5, count: 1, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 } });
    expect(await agent(agentId)).toMatchObject({ rating: 5, ratingCount: 1 });
    // Hidden: it cannot be replied to or reported any more, and rewriting it keeps it hidden.
    await http().put(`/api/reviews/${reviewReport.targetId}/reply`).set(creator.authorization).send({ text: 'Hola' }).expect(404);
    await review(buyer, agentId, { rating: 1 }).expect(200);
    expect(await agent(agentId)).toMatchObject({ rating: 5, ratingCount: 1 });

    const audit = await testApp.app.get(DataSource).getRepository(AuditEntry).findOneByOrFail({ target: `report:${reviewReport.id}` });
    expect(audit).toMatchObject({ actorSub: admin.sub, action: 'report.hide' });
    const { body: done } = await http().get('/api-admin/reports').query({ status: 'resolved' }).set(admin.authorization).expect(200);
    expect(done.items.map((item: { id: string }) => item.id)).toEqual([reviewReport.id]);
  });

  it("a disabled user's reviews are hidden and count nowhere, and come back when enabled again", async () => {
    await http().post(`/api-admin/users/${subscriber.sub}/disable`).set(admin.authorization).expect(200);
    await eventually(async () => expect((await reviewsOf(agentId)).summary.count).toBe(0));
    expect(await agent(agentId)).toMatchObject({ rating: 0, ratingCount: 0 });
    await http().post(`/api-admin/users/${subscriber.sub}/enable`).set(admin.authorization).expect(200);
    await eventually(async () => expect((await reviewsOf(agentId)).summary.count).toBe(1));
    expect(await agent(agentId)).toMatchObject({ rating: 5, ratingCount: 1 });
  });

  it('DELETE …/reviews/mine removes the caller’s review (204), then 404', async () => {
    const other = await createPublicAgent(testApp, creator, 'Asesor de Alquileres', 0);
    await chatWith(stranger, other);
    await review(stranger, other, { rating: 3 }).expect(201);
    expect(await agent(other)).toMatchObject({ rating: 3, ratingCount: 1 });
    await http().delete(`/api/agents/${other}/reviews/mine`).expect(401);
    await http().delete(`/api/agents/${other}/reviews/mine`).set(stranger.authorization).expect(204);
    expect(await agent(other)).toMatchObject({ rating: 0, ratingCount: 0 });
    const gone = await http().delete(`/api/agents/${other}/reviews/mine`).set(stranger.authorization).expect(404);
    expect(gone.body.message).toBe('No has valorado este agente.');
  });

  it('unpublishing a reported agent makes it private and tells its creator why by e-mail', async () => {
    const { body: queue } = await http().get('/api-admin/reports').set(admin.authorization).expect(200);
    const agentReport = queue.items.find((item: { targetType: string }) => item.targetType === 'agent');
    await http().post(`/api-admin/reports/${agentReport.id}/resolve`).set(admin.authorization).send({ action: 'hide', note: 'No' }).expect(400);
    await http().post(`/api-admin/reports/${agentReport.id}/resolve`).set(admin.authorization).send({ action: 'unpublish', note: 'Promete resultados que no da' }).expect(200);
    await http().get(`/api/agents/${agentId}`).expect(404);
    expect((await agent(agentId, creator)).isPublic).toBe(false);
    const outbox = join(testApp.config.dataDir, 'outbox');
    const mail = readdirSync(outbox).filter((file) => file.endsWith('-creadora@example.com.eml')).map((file) => readFileSync(join(outbox, file), 'utf8')).find((text) => text.includes('Asesor de Contratos'));
    expect(mail).toContain('Promete resultados que no da');
    const audit = await testApp.app.get(DataSource).getRepository(AuditEntry).findOneByOrFail({ target: `report:${agentReport.id}` });
    expect(audit.action).toBe('report.unpublish');
  });

  it('nobody sets rating or popularity by hand any more, admins neither', async () => {
    const refused = await http().post('/api/agents').set(admin.authorization).send({ name: 'A mano', category: 'legal', description: 'x', rating: 4.5 }).expect(403);
    expect(refused.body.message).toBe('La valoración y la popularidad salen de las reseñas y del uso: nadie puede cambiarlas a mano.');
    const other = await createPublicAgent(testApp, creator, 'Asesor Laboral', 0);
    await http().post('/api/agents').set(admin.authorization).send({ id: other, name: 'Asesor Laboral', category: 'finance', description: 'Finanzas', popularity: 99 }).expect(403);
    await http().post('/api/agents').set(admin.authorization).send({ id: other, name: 'Asesor Laboral', category: 'finance', description: 'Finanzas', popularity: 0 }).expect(200);
  });

  it('sorts by the weighted mean: 200 reviews averaging 4.8 come before a single 5-star one', async () => {
    const agents = testApp.app.get(AgentsService);
    const single = await createPublicAgent(testApp, creator, 'Una sola estrella cinco', 0);
    const many = await createPublicAgent(testApp, creator, 'Doscientas de 4,8', 0);
    await chatWith(buyer, single);
    await review(buyer, single, { rating: 5 }).expect(201);
    await agents.setRatingStats(many, ratingStats(200, 960));
    const listed = (await http().get('/api/marketplace/agents').query({ sortBy: 'rating', limit: 100 }).expect(200)).body.items as Array<{ id: string; rating: number; ratingCount: number }>;
    const ids = listed.map((item) => item.id);
    expect(ids.indexOf(many)).toBeLessThan(ids.indexOf(single));
    expect(listed.find((item) => item.id === single)).toMatchObject({ rating: 5, ratingCount: 1 });
    expect(listed.find((item) => item.id === many)).toMatchObject({ rating: 4.8, ratingCount: 200 });
    // Both above an agent nobody reviewed, the single one only just: (30 + 5) / 11 against 3.
    const unreviewed = await createPublicAgent(testApp, creator, 'Sin valorar', 0);
    const again = ((await http().get('/api/marketplace/agents').query({ sortBy: 'rating', limit: 100 }).expect(200)).body.items as Array<{ id: string }>).map((item) => item.id);
    expect(again.indexOf(single)).toBeLessThan(again.indexOf(unreviewed));
  });

  it("an ecosystem shows the combined rating of the agents it lists: all their visible reviews' mean", async () => {
    const agents = testApp.app.get(AgentsService);
    const first = await createPublicAgent(testApp, creator, 'Primero del equipo', 0);
    const second = await createPublicAgent(testApp, creator, 'Segundo del equipo', 0);
    await agents.setRatingStats(first, ratingStats(2, 8));
    await agents.setRatingStats(second, ratingStats(1, 5));
    const { body: created } = await http().post('/api/ecosystems').set(creator.authorization).send({ name: 'Equipo valorado', agentIds: [first, second], isPublic: true }).expect(201);
    expect(created).toMatchObject({ rating: 4.3, ratingCount: 3 });
    const { body: empty } = await http().post('/api/ecosystems').set(creator.authorization).send({ name: 'Equipo sin valorar', agentIds: ['agente-legal'], isPublic: true }).expect(201);
    expect(empty).toMatchObject({ rating: 0, ratingCount: 0 });
  });

  it("a creator's public page: their public name, since when, their public agents and ecosystems and their rating; never their e-mail", async () => {
    const handle = (await http().get(`/api/users/registration/${creator.sub}`).set(creator.authorization).expect(200)).body.handle as string;
    await http().post('/api/agents').set(creator.authorization).send({ name: 'Borrador privado', category: 'legal', description: 'Oculto' }).expect(201);
    const { body } = await http().get(`/api/creators/${encodeURIComponent(handle.toUpperCase())}`).expect(200);
    expect(body).toMatchObject({ username: handle, name: handle, avatar: null, memberSince: expect.any(String) });
    const names = (body.agents as Array<{ name: string; creatorId: string; isPublic: boolean }>).map((agent) => agent.name);
    expect(names).toEqual(expect.arrayContaining(['Una sola estrella cinco', 'Doscientas de 4,8']));
    expect(names).not.toContain('Borrador privado');
    expect(names).not.toContain('Asesor de Contratos'); // unpublished after its report
    expect((body.ecosystems as Array<{ name: string }>).map((ecosystem) => ecosystem.name)).toEqual(expect.arrayContaining(['Equipo valorado']));
    const agents = body.agents as Array<{ rating: number; ratingCount: number }>;
    const count = agents.reduce((total, agent) => total + agent.ratingCount, 0);
    expect(body.ratingCount).toBe(count);
    expect(body.rating).toBe(Math.round((agents.reduce((total, agent) => total + agent.rating * agent.ratingCount, 0) / count) * 10) / 10);
    expect(JSON.stringify(body)).not.toContain('creadora@example.com');
    const missing = await http().get('/api/creators/nadie-se-llama-asi').expect(404);
    expect(missing.body.message).toBe('Creador no encontrado');
  });

  it('popularity: distinct users who chatted in the last 30 days plus active subscriptions, and the window expires', async () => {
    const tracker = testApp.app.get(PopularityTracker);
    const popular = await createPublicAgent(testApp, creator, 'Asesor Popular', 0);
    await chatWith(buyer, popular);
    await chatWith(buyer, popular);
    await chatWith(stranger, popular);
    await tracker.refresh();
    expect((await agent(popular)).popularity).toBe(2);

    await subscriptions.save(subscriptionRow(subscriptions, reporter.sub, { status: 'active', agentId: popular }));
    await subscriptions.save(subscriptionRow(subscriptions, admin.sub, { status: 'cancelled', agentId: popular, finishedAt: new Date() }));
    await tracker.refresh();
    expect((await agent(popular)).popularity).toBe(3);

    // Each API key that called it is one more user (its last call, as the usage meter stores it).
    const dataSource = testApp.app.get(DataSource);
    await dataSource.getRepository(ApiPublication).insert({ id: 'pub-popular', agentId: popular, ownerSub: creator.sub, ownerUsername: 'creadora', name: 'API', description: '', enabled: true, pinnedVersion: null });
    for (const keyId of ['key-1', 'key-2']) {
      await dataSource.getRepository(ApiKey).insert({ id: keyId, publicationId: 'pub-popular', name: keyId, prefix: 'nova_sk_abcdef', digest: keyId.padEnd(64, '0'), lastUsedAt: new Date() });
    }
    await tracker.refresh();
    expect((await agent(popular)).popularity).toBe(5);

    // 31 days on, the chats and calls have left the window; the active subscription still counts.
    await tracker.refresh(new Date(Date.now() + POPULARITY_WINDOW_MS + 24 * 60 * 60_000));
    expect((await agent(popular)).popularity).toBe(1);
  });
});

async function eventually(check: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

describe('per-user limits on reviews and reports (RATE_LIMIT_REVIEWS_PER_HOUR, RATE_LIMIT_REPORTS_PER_HOUR)', () => {
  const gateway = new FakeModelGateway();
  let testApp: TestApp;
  let creator: SignedInUser;
  let user: SignedInUser;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    testApp = await createTestAppWith([[ModelGateway, gateway]], { RATE_LIMIT_REVIEWS_PER_HOUR: '2', RATE_LIMIT_REPORTS_PER_HOUR: '1', RATE_LIMIT_AGENTS_PER_HOUR: '1000' });
    creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    user = await signUpAndSignIn(testApp, 'usuaria@example.com');
  });

  afterAll(() => testApp.close());

  it('answers 429 with Retry-After and a Spanish message past the hour’s reviews, and past its reports', async () => {
    const agentId = await createPublicAgent(testApp, creator, 'Asesor Limitado', 0);
    const { body: conversation } = await http().post('/api/conversations').set(user.authorization).send({ metadata: { agentId } }).expect(201);
    await http().post('/api/bedrock/agents/chat').set(user.authorization).send({ conversationId: conversation.id, message: 'Hola' }).expect(200);
    await http().post(`/api/agents/${agentId}/reviews`).set(user.authorization).send({ rating: 4 }).expect(201);
    await http().post(`/api/agents/${agentId}/reviews`).set(user.authorization).send({ rating: 5 }).expect(200);
    const limited = await http().post(`/api/agents/${agentId}/reviews`).set(user.authorization).send({ rating: 3 }).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/^Has escrito demasiadas valoraciones en poco tiempo\. Vuelve a intentarlo dentro de \d+ minutos?\.$/);
    // The review stands as last written before the limit.
    const { body: own } = await http().get(`/api/agents/${agentId}/reviews`).expect(200);
    expect(own.items.map((item: { rating: number }) => item.rating)).toEqual([5]);

    await http().post(`/api/agents/${agentId}/report`).set(user.authorization).send({ reason: 'spam' }).expect(201);
    const reports = await http().post(`/api/reviews/${own.items[0].id}/report`).set(user.authorization).send({ reason: 'spam' }).expect(429);
    expect(reports.headers['retry-after']).toBeDefined();
    expect(reports.body.message).toMatch(/^Has enviado demasiadas denuncias en poco tiempo\./);
  });
});
