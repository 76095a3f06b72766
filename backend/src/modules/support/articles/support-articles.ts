import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import matter from 'gray-matter';

/** One help-centre article, as written in `<dir>/<category id>/<slug>.md`. */
export interface SupportArticle {
  slug: string;
  title: string;
  categoryId: string;
  category: string;
  summary: string;
  order: number;
  /** Words visitors use for this topic that the text may not contain ('creo', 'precio'…). */
  keywords: string;
  /** Markdown. */
  body: string;
}

export class SupportContentError extends Error {}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Reads every article once, at start-up. A missing folder or a malformed article stops the start
 * with a message naming the file, rather than a help centre that silently lacks pages.
 */
export function loadSupportArticles(directory: string, names: { product: string; assistant: string }): SupportArticle[] {
  if (!isDirectory(directory)) {
    throw new SupportContentError(
      `No se encuentra el contenido del centro de soporte en ${directory} (SUPPORT_CONTENT_DIR).`,
    );
  }
  const substitute = (text: string) =>
    text.replace(/\{\{\s*product\s*\}\}/g, names.product).replace(/\{\{\s*assistant\s*\}\}/g, names.assistant);
  const articles: SupportArticle[] = [];
  const seen = new Set<string>();
  for (const categoryId of readdirSync(directory).sort()) {
    const categoryDir = join(directory, categoryId);
    if (!isDirectory(categoryDir)) continue;
    if (!SLUG.test(categoryId)) throw new SupportContentError(`Nombre de categoría no válido: ${categoryDir}`);
    for (const file of readdirSync(categoryDir).filter((name) => name.endsWith('.md')).sort()) {
      const path = join(categoryDir, file);
      const slug = basename(file, '.md');
      if (!SLUG.test(slug)) throw new SupportContentError(`Nombre de artículo no válido: ${path}`);
      if (seen.has(slug)) throw new SupportContentError(`Artículo repetido: ${slug} (${path})`);
      seen.add(slug);
      const { data, content } = matter(readFileSync(path, 'utf8'));
      const text = (field: string, required = true): string => {
        const value = data[field];
        if (typeof value === 'string' && value.trim()) return substitute(value.trim());
        if (!required && value === undefined) return '';
        throw new SupportContentError(`${path}: falta «${field}» en el encabezado`);
      };
      if (typeof data.order !== 'number' || !Number.isFinite(data.order)) {
        throw new SupportContentError(`${path}: «order» debe ser un número`);
      }
      articles.push({
        slug,
        title: text('title'),
        categoryId,
        category: text('category'),
        summary: text('summary'),
        order: data.order,
        keywords: text('keywords', false),
        body: substitute(content.trim()),
      });
    }
  }
  if (articles.length === 0) throw new SupportContentError(`No hay artículos en ${directory}.`);
  return articles.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title, 'es'));
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
