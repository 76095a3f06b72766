import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { FileUrlSecret } from '../../src/modules/files/entities/file-url-secret.entity';
import { Agent } from '../../src/modules/agents/entities/agent.entity';
import { StoredFile } from '../../src/modules/files/entities/stored-file.entity';
import { FileUrlSigner } from '../../src/modules/files/file-url-signer';
import { createTestApp, type TestApp } from '../support/test-app';
import { type SignedInUser, signUpAndSignIn } from '../support/identity-client';
import { PNG } from '../support/images';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const MAX_BYTES = 2 * 1024 * 1024;
const CONTENT_URL = /^\/api\/files\/([0-9a-f-]{36})\/content\?expires=(\d+)&signature=([A-Za-z0-9_-]{43})$/;

describe('files API (avatar upload and signed URLs)', () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let jefa: SignedInUser;
  const http = () => request(testApp.server);

  const upload = (user: SignedInUser | undefined, content: Buffer, contentType = 'image/png', filename = 'avatar.png') => {
    const call = http().post('/api/files');
    if (user) call.set(user.authorization);
    return call.attach('file', content, { filename, contentType });
  };
  const uploadPng = async (user: SignedInUser) => (await upload(user, PNG).expect(201)).body as { fileId: string; url: string };
  const storedFiles = () => {
    try {
      return readdirSync(join(testApp.config.dataDir, 'files'));
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    jefa = await signUpAndSignIn(testApp, 'jefa@example.com');
  });

  afterAll(() => testApp.close());

  describe('POST /api/files', () => {
    it('stores a PNG and answers with its id and a signed URL that serves the same bytes', async () => {
      const response = await upload(ana, PNG).expect(201);
      const { fileId, url } = response.body as { fileId: string; url: string };
      expect(Object.keys(response.body).sort()).toEqual(['fileId', 'url']);
      const [, urlFileId, expires] = CONTENT_URL.exec(url) ?? [];
      expect(urlFileId).toBe(fileId);
      expect(Number(expires) - Date.now() / 1000).toBeGreaterThan(3590);
      expect(Number(expires) - Date.now() / 1000).toBeLessThanOrEqual(3600);

      const content = await http().get(url).buffer(true).expect(200);
      expect(Buffer.compare(content.body as Buffer, PNG)).toBe(0);
      expect(content.headers['content-type']).toBe('image/png');
      expect(content.headers['x-content-type-options']).toBe('nosniff');
      expect(content.headers['cache-control']).toMatch(/^private, max-age=(3[56]\d\d)$/);
      expect(content.headers['content-length']).toBe(String(PNG.length));

      const row = await testApp.app.get<Repository<StoredFile>>(getRepositoryToken(StoredFile)).findOneByOrFail({ id: fileId });
      expect(row).toMatchObject({ ownerSub: ana.sub, contentType: 'image/png', size: PNG.length, sha256: createHash('sha256').update(PNG).digest('hex') });
      expect(storedFiles()).toContain(fileId);
    });

    it('stores the type the bytes are, not the one declared', async () => {
      const { url } = (await upload(ana, GIF, 'image/png', 'avatar.png').expect(201)).body as { url: string };
      const content = await http().get(url).buffer(true).expect(200);
      expect(content.headers['content-type']).toBe('image/gif');
    });

    it.each([
      ['an HTML page disguised as image/png', Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'image/png'],
      ['an SVG disguised as image/gif', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/gif'],
      ['an empty file declared as image/jpeg', Buffer.alloc(0), 'image/jpeg'],
      ['a real PNG declared as text/html', PNG, 'text/html'],
    ])('refuses %s with 400 and stores nothing', async (_what, content, contentType) => {
      const before = storedFiles().length;
      const response = await upload(ana, content, contentType).expect(400);
      expect(response.body.message).toBe('El archivo debe ser una imagen PNG, JPEG, WebP o GIF.');
      expect(storedFiles()).toHaveLength(before);
    });

    it('refuses an image over 2 MB with 413 and a clear message', async () => {
      const before = storedFiles().length;
      const tooBig = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES + 1 - PNG.length)]);
      const response = await upload(ana, tooBig).expect(413);
      expect(response.body.message).toBe('La imagen no puede superar los 2 MB.');
      expect(storedFiles()).toHaveLength(before);
    });

    it('accepts an image of exactly 2 MB', async () => {
      await upload(ana, Buffer.concat([PNG, Buffer.alloc(MAX_BYTES - PNG.length)])).expect(201);
    });

    it('cuts off a huge upload from its declared length, before the body is sent', async () => {
      if (!testApp.server.address()) await new Promise<void>((resolve) => testApp.server.listen(0, '127.0.0.1', () => resolve()));
      const { port } = testApp.server.address() as AddressInfo;
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const call = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/files',
            headers: {
              ...ana.authorization,
              'content-type': 'multipart/form-data; boundary=x',
              'content-length': String(500 * 1024 * 1024),
            },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
          },
        );
        call.on('error', reject);
        // Only the start of the 500 MB it announces.
        call.write('--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n');
      });
      expect(status).toBe(413);
      expect(JSON.parse(body).message).toBe('El archivo no puede superar los 20 MB (una imagen, los 2 MB).');
    });

    it('asks for the file when the form has none', async () => {
      const response = await http().post('/api/files').set(ana.authorization).field('name', 'x').expect(400);
      expect(response.body.message).toMatch(/campo «file»/);
      await http().post('/api/files').set(ana.authorization).send({ file: 'no' }).expect(400);
    });

    it('refuses a second file or a file under another field name', async () => {
      await http()
        .post('/api/files')
        .set(ana.authorization)
        .attach('file', PNG, { filename: 'a.png', contentType: 'image/png' })
        .attach('file', PNG, { filename: 'b.png', contentType: 'image/png' })
        .expect(400);
      const response = await http()
        .post('/api/files')
        .set(ana.authorization)
        .attach('avatar', PNG, { filename: 'a.png', contentType: 'image/png' })
        .expect(400);
      expect(response.body.message).toMatch(/campo «file»/);
    });

    it('is for signed-in users only', async () => {
      const response = await upload(undefined, PNG).expect(401);
      expect(response.body.message).toBe('Debes iniciar sesión para hacer esto.');
    });
  });

  describe('signed URLs', () => {
    it('gives the owner a fresh URL that serves the file', async () => {
      const { fileId } = await uploadPng(ana);
      const { url } = (await http().get(`/api/files/signed-url/${fileId}`).set(ana.authorization).expect(200)).body as { url: string };
      expect(CONTENT_URL.exec(url)?.[1]).toBe(fileId);
      const content = await http().get(url).buffer(true).expect(200);
      expect(Buffer.compare(content.body as Buffer, PNG)).toBe(0);
    });

    it("does not reveal another user's file, nor one that does not exist", async () => {
      const { fileId } = await uploadPng(ana);
      expect((await http().get(`/api/files/signed-url/${fileId}`).set(bob.authorization).expect(404)).body.message).toBe('Archivo no encontrado.');
      await http().get('/api/files/signed-url/00000000-0000-4000-8000-000000000000').set(ana.authorization).expect(404);
      await http().get('/api/files/signed-url/..%2F..%2Fetc%2Fpasswd').set(ana.authorization).expect(404);
      await http().get(`/api/files/signed-url/${fileId}`).expect(404);
    });

    it('lets anyone, visitors too, have the avatar of a public agent or ecosystem, and nobody else a private one', async () => {
      const { fileId: publicAvatar, url: publicUrl } = await uploadPng(ana);
      const { fileId: privateAvatar, url: privateUrl } = await uploadPng(ana);
      const agent = (name: string, avatar: string, isPublic: boolean) =>
        http()
          .post('/api/agents')
          .set(ana.authorization)
          .send({ name, category: 'legal', description: 'Agente con avatar', avatar, isPublic })
          .expect(201);
      await agent('Agente público con avatar', publicUrl, true);
      await agent('Agente privado con avatar', privateUrl, false);

      for (const caller of [bob.authorization, {}]) {
        const { url } = (await http().get(`/api/files/signed-url/${publicAvatar}`).set(caller).expect(200)).body as { url: string };
        await http().get(url).expect(200);
        await http().post('/api/files/renew-url').set(caller).send({ url: publicUrl, fileId: publicAvatar }).expect(200);
        await http().get(`/api/files/signed-url/${privateAvatar}`).set(caller).expect(404);
      }
    });

    it("does not let another user publish a private file by naming it as a public agent's or ecosystem's avatar", async () => {
      const { fileId, url } = await uploadPng(ana);
      const spellings = [url, `http://localhost:3000${url}`, url.toUpperCase(), `https://x.example/avatar?of=${encodeURIComponent(url)}`];
      for (const avatar of spellings) {
        const agent = await http()
          .post('/api/agents')
          .set(bob.authorization)
          .send({ name: 'Agente de Bob', category: 'legal', description: 'Con avatar ajeno', avatar, isPublic: true })
          .expect(403);
        expect(agent.body.message).toBe('El avatar debe ser una imagen que hayas subido tú.');
        const ecosystem = await http()
          .post('/api/ecosystems')
          .set(bob.authorization)
          .send({ name: 'Ecosistema de Bob', agentIds: [], avatar, isPublic: true })
          .expect(403);
        expect(ecosystem.body.message).toBe('El avatar debe ser una imagen que hayas subido tú.');
      }

      const own = (await http()
        .post('/api/agents')
        .set(bob.authorization)
        .send({ name: 'Agente de Bob', category: 'legal', description: 'Sin avatar', isPublic: true })
        .expect(201)).body as { id: string };
      await http()
        .post('/api/agents')
        .set(bob.authorization)
        .send({ id: own.id, name: 'Agente de Bob', category: 'legal', description: 'Con avatar ajeno', avatar: url })
        .expect(403);
      expect((await http().get(`/api/agents/${own.id}`).expect(200)).body.avatar).toBeNull();

      // A row written before the check (or by any other path) still publishes nothing of Ana's.
      await testApp.app
        .get<Repository<Agent>>(getRepositoryToken(Agent))
        .update({ id: own.id }, { avatar: url });
      for (const caller of [bob.authorization, {}]) {
        await http().get(`/api/files/signed-url/${fileId}`).set(caller).expect(404);
        await http().post('/api/files/renew-url').set(caller).send({ url, fileId }).expect(404);
      }
      await http().get(`/api/files/signed-url/${fileId}`).set(ana.authorization).expect(200);
    });

    it('lets a user name their own upload, and an admin any upload, as an avatar', async () => {
      const { url } = await uploadPng(bob);
      await http()
        .post('/api/agents')
        .set(bob.authorization)
        .send({ name: 'Agente de Bob', category: 'legal', description: 'Con su avatar', avatar: url, isPublic: true })
        .expect(201);
      await http()
        .post('/api/ecosystems')
        .set(bob.authorization)
        .send({ name: 'Ecosistema de Bob', agentIds: [], avatar: url, isPublic: true })
        .expect(201);
      await http()
        .post('/api/agents')
        .set(jefa.authorization)
        .send({ name: 'Agente de la jefa', category: 'legal', description: 'Con avatar de Bob', avatar: url })
        .expect(201);
    });

    it('refuses an expired URL, even one correctly signed', async () => {
      const { fileId } = await uploadPng(ana);
      const past = Math.floor(Date.now() / 1000) - 1;
      const signature = await testApp.app.get(FileUrlSigner).signature(fileId, past);
      const response = await http().get(`/api/files/${fileId}/content?expires=${past}&signature=${signature}`).expect(403);
      expect(response.body.message).toBe('El enlace ha caducado o no es válido.');
    });

    it('refuses a tampered signature, a moved expiry, another file and a missing signature', async () => {
      const first = await uploadPng(ana);
      const second = await uploadPng(ana);
      const [, , expires, signature] = CONTENT_URL.exec(first.url) ?? [];
      const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      const attempts = [
        `/api/files/${first.fileId}/content?expires=${expires}&signature=${flipped}`,
        `/api/files/${first.fileId}/content?expires=${Number(expires) + 3600}&signature=${signature}`,
        `/api/files/${second.fileId}/content?expires=${expires}&signature=${signature}`,
        `/api/files/${first.fileId}/content?expires=${expires}`,
        `/api/files/${first.fileId}/content`,
        `/api/files/${first.fileId}/content?expires=${expires}&signature=${signature}&signature=${signature}`,
        `/api/files/not-a-file/content?expires=${expires}&signature=${signature}`,
      ];
      for (const url of attempts) {
        const response = await http().get(url).expect(403);
        expect(response.body.message).toBe('El enlace ha caducado o no es válido.');
      }
    });

    it('keeps the signing secret in the database, so another instance accepts the URL', async () => {
      const { url } = await uploadPng(ana);
      const secrets = await testApp.app.get<Repository<FileUrlSecret>>(getRepositoryToken(FileUrlSecret)).find();
      expect(secrets).toHaveLength(1);
      expect(Buffer.from(secrets[0].secret, 'base64url')).toHaveLength(32);
      const env: Record<string, string> = { DATA_DIR: testApp.config.dataDir };
      if (testApp.config.database.type === 'postgres') env.DATABASE_SCHEMA = testApp.config.database.schema;
      const other = await createTestApp(env);
      try {
        await request(other.server).get(url).expect(200);
      } finally {
        await other.close();
      }
    });
  });

  describe('POST /api/files/renew-url', () => {
    it('gives a fresh URL for an expired one of the same file', async () => {
      const { fileId } = await uploadPng(ana);
      const past = Math.floor(Date.now() / 1000) - 60;
      const expired = `/api/files/${fileId}/content?expires=${past}&signature=${await testApp.app.get(FileUrlSigner).signature(fileId, past)}`;
      const response = await http().post('/api/files/renew-url').set(ana.authorization).send({ url: `http://localhost:3000${expired}`, fileId }).expect(200);
      const { url } = response.body as { url: string };
      expect(Number(CONTENT_URL.exec(url)?.[2])).toBeGreaterThan(Date.now() / 1000 + 3500);
      await http().get(url).expect(200);
    });

    it("refuses a URL of another file, and another user's file", async () => {
      const mine = await uploadPng(ana);
      const other = await uploadPng(ana);
      const response = await http().post('/api/files/renew-url').set(ana.authorization).send({ url: other.url, fileId: mine.fileId }).expect(400);
      expect(response.body.message).toBe('La URL no corresponde a ese archivo.');
      await http().post('/api/files/renew-url').set(ana.authorization).send({ url: 'no es una url', fileId: mine.fileId }).expect(400);
      await http().post('/api/files/renew-url').set(bob.authorization).send({ url: mine.url, fileId: mine.fileId }).expect(404);
      await http().post('/api/files/renew-url').set(ana.authorization).send({ url: mine.url, fileId: 'x' }).expect(400);
      await http().post('/api/files/renew-url').send({ url: mine.url, fileId: mine.fileId }).expect(404);
    });
  });
});
