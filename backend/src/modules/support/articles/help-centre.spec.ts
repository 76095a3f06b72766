import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HelpCentre } from './help-centre';
import { loadSupportArticles, SupportContentError } from './support-articles';

const CONTENT_DIR = resolve(__dirname, '../../../../content/support');
const names = { product: 'Acme', assistant: 'Seshat' };

describe('the help centre content', () => {
  const helpCentre = new HelpCentre(loadSupportArticles(CONTENT_DIR, names));
  const top = (query: string) => helpCentre.search(query)[0]?.article.slug;

  it('has at least 14 articles, each with a title, category, summary and body', () => {
    expect(helpCentre.articles.length).toBeGreaterThanOrEqual(14);
    for (const article of helpCentre.articles) {
      expect(article.title && article.category && article.summary && article.body).toBeTruthy();
    }
  });

  it('writes the configured product name where an article says {{product}}', () => {
    const intro = helpCentre.get('que-es-la-plataforma')!;
    expect(intro.title).toBe('¿Qué es Acme?');
    expect(JSON.stringify(helpCentre.articles)).not.toMatch(/\{\{/);
  });

  it.each([
    ['contrasena', 'restablecer-la-contrasena'],
    ['CONTRASEÑAS', 'restablecer-la-contrasena'],
    ['planes', 'planes-y-suscripciones'],
    ['verificacion en dos pasos', 'verificacion-en-dos-pasos'],
    ['claves api', 'claves-de-api'],
    ['mi oficina', 'mi-oficina-y-tu-equipo'],
    ['cancelar', 'pausar-reanudar-o-cancelar-una-suscripcion'],
  ])('finds %s in %s', (query, slug) => {
    expect(top(query)).toBe(slug);
  });

  it.each(['suscripcion', 'Suscripciones', 'SUSCRIPCIÓN', 'suscripsion'])(
    "finds 'Planes y suscripciones' among the first results for %s",
    (query) => {
      const titles = helpCentre.search(query).slice(0, 2).map(({ article }) => article.title);
      expect(titles).toContain('Planes y suscripciones');
    },
  );

  it("finds articles about 'agente' when searching 'agentes'", () => {
    const slugs = helpCentre.search('agentes').map(({ article }) => article.slug);
    expect(slugs[0]).toBe('crear-un-agente');
    expect(slugs).toEqual(expect.arrayContaining(['chatear-con-agentes', 'publicar-un-agente-como-api']));
  });

  it('finds nothing for words the help centre does not use', () => {
    expect(helpCentre.search('pizza pepperoni')).toEqual([]);
  });

  it('lists categories in reading order and matches them by id or name', () => {
    const categories = helpCentre.categories(helpCentre.articles);
    expect(categories[0]).toEqual({ id: 'primeros-pasos', name: 'Primeros pasos', count: 2 });
    expect(helpCentre.findCategoryId('Suscripciones y pagos')).toBe('suscripciones-y-pagos');
    expect(helpCentre.findCategoryId('cuenta y SEGURIDAD')).toBe('cuenta-y-seguridad');
  });
});

describe('loadSupportArticles', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'nova-support-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('refuses a missing folder, naming it', () => {
    expect(() => loadSupportArticles(join(directory, 'nope'), names)).toThrow(SupportContentError);
    expect(() => loadSupportArticles(join(directory, 'nope'), names)).toThrow(/SUPPORT_CONTENT_DIR/);
  });

  it('refuses an article without a summary, naming the file', () => {
    mkdirSync(join(directory, 'general'));
    writeFileSync(join(directory, 'general', 'hola.md'), '---\ntitle: Hola\ncategory: General\norder: 1\n---\nTexto');
    expect(() => loadSupportArticles(directory, names)).toThrow(/hola\.md: falta «summary»/);
  });
});
