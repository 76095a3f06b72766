import request from 'supertest';
import { getRepositoryToken } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import { StableAvatarUrls1795370000300 } from '../../src/database/migrations/1795370000300-stable-avatar-urls';
import { Agent } from '../../src/modules/agents/entities/agent.entity';
import { Ecosystem } from '../../src/modules/ecosystems/entities/ecosystem.entity';
import { FileUrlSigner } from '../../src/modules/files/file-url-signer';
import { createTestApp, type TestApp } from '../support/test-app';
import { type SignedInUser, signUpAndSignIn } from '../support/identity-client';
import { PNG } from '../support/images';

const SIGNED_URL = /^\/api\/files\/([0-9a-f-]{36})\/content\?expires=(\d+)&signature=([A-Za-z0-9_-]{43})$/;
const TWO_HOURS_MS = 2 * 60 * 60 * 1000;
const NOT_YOURS = 'El avatar debe ser una imagen que hayas subido tú.';

/**
 * Avatars are stored as the file's unsigned content path and signed whenever an agent or ecosystem
 * is read, so that an avatar uploaded today still loads tomorrow (the upload's own URL lasts an hour).
 */
describe('avatar URLs that do not expire', () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  const http = () => request(testApp.server);
  const realNow = Date.now.bind(Date);

  /** The server's clock (the URL signer's and checker's) `ms` later than now. */
  const advanceClock = (ms: number) => jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ms);

  const uploadPng = async (user: SignedInUser) =>
    (await http().post('/api/files').set(user.authorization).attach('file', PNG, { filename: 'avatar.png', contentType: 'image/png' }).expect(201))
      .body as { fileId: string; url: string };
  const saveAgent = (user: SignedInUser, avatar: string, isPublic: boolean) =>
    http().post('/api/agents').set(user.authorization).send({ name: 'Agente con avatar', category: 'legal', description: 'Con imagen', avatar, isPublic });
  const storedAgent = (id: string) => testApp.app.get<Repository<Agent>>(getRepositoryToken(Agent)).findOneByOrFail({ id });
  /** The image behind an avatar URL, as an <img> would ask for it (no bearer token). */
  const loads = async (url: string) => {
    const response = await http().get(url).buffer(true);
    return response.status === 200 && Buffer.compare(response.body as Buffer, PNG) === 0;
  };

  beforeAll(async () => {
    testApp = await createTestApp({ AVATAR_URL_HOSTS: 'cdn.example' });
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
  });

  afterEach(() => jest.restoreAllMocks());
  afterAll(() => testApp.close());

  it('stores the unsigned content path, and the owner still sees a loadable avatar of a private agent more than an hour later', async () => {
    const { fileId, url: uploadUrl } = await uploadPng(ana);
    const { body: saved } = await saveAgent(ana, uploadUrl, false).expect(201);
    expect(saved.avatar).toMatch(SIGNED_URL);
    expect((await storedAgent(saved.id)).avatar).toBe(`/api/files/${fileId}/content`);

    advanceClock(TWO_HOURS_MS);
    // The upload's own URL has expired…
    await http().get(uploadUrl).expect(403);
    // …but the agent, read now, carries a URL signed from now.
    const { body: agent } = await http().get(`/api/agents/${saved.id}`).set(ana.authorization).expect(200);
    const [, avatarFile, expires] = SIGNED_URL.exec(agent.avatar) ?? [];
    expect(avatarFile).toBe(fileId);
    expect(Number(expires) * 1000).toBeGreaterThan(Date.now());
    expect(await loads(agent.avatar)).toBe(true);
    // The same in the caller's list of agents.
    const { body: mine } = await http().get('/api/agents').query({ creator: ana.email }).set(ana.authorization).expect(200);
    const listed = (mine as { id: string; avatar: string }[]).find((item) => item.id === saved.id);
    expect(await loads(listed!.avatar)).toBe(true);
  });

  it('shows the avatar of a private agent in its owner’s team (Mis Agentes) hours later, on adding and on listing', async () => {
    const { url: uploadUrl } = await uploadPng(ana);
    const { body: saved } = await saveAgent(ana, uploadUrl, false).expect(201);

    advanceClock(TWO_HOURS_MS);
    const { body: added } = await http()
      .post(`/api/user-agents/${ana.sub}`)
      .set(ana.authorization)
      .send({ agentId: saved.id, name: saved.name, category: saved.category, description: saved.description, avatar: saved.avatar })
      .expect(201);
    expect(await loads(added.avatar)).toBe(true);
    const { body: team } = await http().get(`/api/user-agents/${ana.sub}`).set(ana.authorization).expect(200);
    const listed = (team as { agentId: string; avatar: string }[]).find((item) => item.agentId === saved.id);
    expect(await loads(listed!.avatar)).toBe(true);
  });

  it('serves a public agent’s avatar to anybody hours later, from the agent, the marketplace or its stored address', async () => {
    const { fileId, url: uploadUrl } = await uploadPng(ana);
    const { body: saved } = await saveAgent(ana, uploadUrl, true).expect(201);

    advanceClock(TWO_HOURS_MS);
    const { body: agent } = await http().get(`/api/agents/${saved.id}`).expect(200);
    expect(await loads(agent.avatar)).toBe(true);
    const { body: market } = await http().get('/api/marketplace/agents').query({ limit: 100 }).expect(200);
    const listed = (market.items as { id: string; avatar: string }[]).find((item) => item.id === saved.id);
    expect(await loads(listed!.avatar)).toBe(true);
    // Copies of the address (a team's link, a cached page) keep working, signed or not.
    expect(await loads(`/api/files/${fileId}/content`)).toBe(true);
    expect(await loads(uploadUrl)).toBe(true);
  });

  it('keeps an agent saved earlier with a signed URL working: it is signed again when read', async () => {
    const { fileId } = await uploadPng(ana);
    const { body: saved } = await saveAgent(ana, `/api/files/${fileId}/content`, false).expect(201);
    const past = Math.floor(realNow() / 1000) - 60;
    const expired = `/api/files/${fileId}/content?expires=${past}&signature=${await testApp.app.get(FileUrlSigner).signature(fileId, past)}`;
    await testApp.app.get<Repository<Agent>>(getRepositoryToken(Agent)).update({ id: saved.id }, { avatar: expired });
    await http().get(expired).expect(403);

    const { body: agent } = await http().get(`/api/agents/${saved.id}`).set(ana.authorization).expect(200);
    expect(agent.avatar).toMatch(SIGNED_URL);
    expect(await loads(agent.avatar)).toBe(true);
  });

  it('the migration turns stored signed avatar URLs into the unsigned path, and leaves other avatars alone', async () => {
    const { fileId } = await uploadPng(ana);
    const agents = testApp.app.get<Repository<Agent>>(getRepositoryToken(Agent));
    const signed = (await saveAgent(ana, `/api/files/${fileId}/content`, false).expect(201)).body.id as string;
    const absolute = (await saveAgent(ana, 'https://cdn.example/avatar.png', false).expect(201)).body.id as string;
    await agents.update({ id: signed }, { avatar: `/api/files/${fileId}/content?expires=1&signature=${'a'.repeat(43)}` });
    await agents.update({ id: absolute }, { avatar: 'https://cdn.example/avatar.png' });
    const queryRunner = testApp.app.get(DataSource).createQueryRunner();
    try {
      await new StableAvatarUrls1795370000300().up(queryRunner);
    } finally {
      await queryRunner.release();
    }
    expect((await storedAgent(signed)).avatar).toBe(`/api/files/${fileId}/content`);
    expect((await storedAgent(absolute)).avatar).toBe('https://cdn.example/avatar.png');
  });

  it('gives an ecosystem’s avatar the same lasting address', async () => {
    const { fileId, url } = await uploadPng(ana);
    const { body: created } = await http()
      .post('/api/ecosystems')
      .set(ana.authorization)
      .send({ name: 'Ecosistema con avatar', agentIds: [], avatar: url, isPublic: false })
      .expect(201);
    expect(
      (await testApp.app.get<Repository<Ecosystem>>(getRepositoryToken(Ecosystem)).findOneByOrFail({ id: created.id })).avatar,
    ).toBe(`/api/files/${fileId}/content`);

    advanceClock(TWO_HOURS_MS);
    const { body: ecosystem } = await http().get(`/api/ecosystems/${created.id}`).set(ana.authorization).expect(200);
    expect(await loads(ecosystem.avatar)).toBe(true);
    // Private: nobody gets it without a signature.
    await http().get(`/api/files/${fileId}/content`).expect(403);
  });

  describe('another user’s private file', () => {
    it('cannot be named as an avatar, in any spelling of its address', async () => {
      const { fileId, url } = await uploadPng(ana);
      for (const avatar of [url, `/api/files/${fileId}/content`, `http://localhost:3000/api/files/${fileId}/content`]) {
        for (const isPublic of [true, false]) {
          const { body } = await saveAgent(bob, avatar, isPublic).expect(403);
          expect(body.message).toBe(NOT_YOURS);
        }
      }
      await http().get(`/api/files/${fileId}/content`).expect(403);
    });

    it('is never signed for the reader of an agent that names it anyway (a row written by another path)', async () => {
      const { fileId } = await uploadPng(ana);
      const { body: bobs } = await http()
        .post('/api/agents')
        .set(bob.authorization)
        .send({ name: 'Agente de Bob', category: 'legal', description: 'Sin avatar', isPublic: true })
        .expect(201);
      await testApp.app.get<Repository<Agent>>(getRepositoryToken(Agent)).update({ id: bobs.id }, { avatar: `/api/files/${fileId}/content` });

      for (const caller of [bob.authorization, {}]) {
        const { body: agent } = await http().get(`/api/agents/${bobs.id}`).set(caller).expect(200);
        expect(agent.avatar).toBe(`/api/files/${fileId}/content`);
        expect(await loads(agent.avatar)).toBe(false);
      }
    });
  });
});
