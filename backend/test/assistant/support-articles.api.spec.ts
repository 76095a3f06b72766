import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';

describe('the support centre articles over HTTP', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ PRODUCT_NAME: 'Acme' });
  });

  afterAll(() => testApp.close());

  it('lists every category with its count and every article, without signing in', async () => {
    const response = await request(testApp.server).get('/api/support/articles').expect(200);
    const { categories, articles } = response.body as {
      categories: Array<{ id: string; name: string; count: number }>;
      articles: Array<{ slug: string; title: string; category: string; summary: string }>;
    };
    expect(articles.length).toBeGreaterThanOrEqual(14);
    expect(Object.keys(articles[0]).sort()).toEqual(['category', 'slug', 'summary', 'title']);
    expect(categories.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['Primeros pasos', 'Agentes', 'Marketplace y equipo', 'Chat', 'Suscripciones y pagos', 'Cuenta y seguridad', 'API y publicaciones']),
    );
    expect(categories.reduce((sum, { count }) => sum + count, 0)).toBe(articles.length);
    expect(articles[0]).toMatchObject({ slug: 'que-es-la-plataforma', title: '¿Qué es Acme?' });
  });

  it.each([
    ['suscripcion', /suscripciones/i],
    ['agentes', /agente/],
    ['contrasena', /contraseña/],
    ['planes', /Planes/],
  ])('ranks a search for %s first on an article titled %s', async (q, title) => {
    const response = await request(testApp.server).get('/api/support/articles').query({ q }).expect(200);
    const titles = (response.body.articles as Array<{ title: string }>).map((article) => article.title);
    expect(titles.slice(0, 2).some((candidate) => title.test(candidate))).toBe(true);
  });

  it('filters by category, keeping the counts of the whole search', async () => {
    const response = await request(testApp.server)
      .get('/api/support/articles')
      .query({ q: 'suscripcion', category: 'suscripciones-y-pagos' })
      .expect(200);
    expect(response.body.articles.length).toBeGreaterThan(0);
    expect(response.body.articles.every((article: { category: string }) => article.category === 'Suscripciones y pagos')).toBe(true);
    const total = response.body.categories.reduce((sum: number, { count }: { count: number }) => sum + count, 0);
    expect(total).toBeGreaterThan(response.body.articles.length);
  });

  it('gives an empty list for a search with no match', async () => {
    const response = await request(testApp.server).get('/api/support/articles').query({ q: 'pizza pepperoni' }).expect(200);
    expect(response.body.articles).toEqual([]);
  });

  it('serves one article with its Markdown body and the product name filled in', async () => {
    const response = await request(testApp.server).get('/api/support/articles/que-es-la-plataforma').expect(200);
    expect(response.body).toMatchObject({ slug: 'que-es-la-plataforma', title: '¿Qué es Acme?', category: 'Primeros pasos' });
    expect(response.body.body).toContain('Acme reúne');
    expect(response.body.body).not.toContain('{{');
  });

  it('answers an unknown article with a Spanish 404', async () => {
    const response = await request(testApp.server).get('/api/support/articles/no-existe').expect(404);
    expect(response.body).toEqual({ statusCode: 404, message: 'Artículo no encontrado', error: 'Not Found' });
  });

  it('refuses a search text over 200 characters', async () => {
    const response = await request(testApp.server).get('/api/support/articles').query({ q: 'a'.repeat(201) }).expect(400);
    expect(response.body.message).toBe('q no puede tener más de 200 caracteres');
  });
});
