import type { components } from '../../shared/api';

/**
 * The agents' categories: the API's closed list of slugs (spec section 9, the collaboration
 * topics; a slug the contract adds or drops is a compile error here) with the Spanish labels users
 * read. The filter, the cards, the detail pages and the creator's and editor's forms all take them from here.
 */
export type Category = components['schemas']['AgentDto']['category'];

export const CATEGORY_LABELS: Record<Category, string> = {
  legal: 'Legal',
  finance: 'Finanzas',
  marketing: 'Marketing',
  tech: 'Tecnología',
  hr: 'Recursos humanos',
  operations: 'Operaciones',
  general: 'General',
};

export const CATEGORIES = Object.keys(CATEGORY_LABELS) as Category[];

/** For a Select: every category, labelled in Spanish. */
export const CATEGORY_OPTIONS: Array<{ value: Category; label: string }> = CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));

/** Spanish names older data and clients use, written without accents (the API maps them the same way). */
const SPANISH_NAMES: Record<string, Category> = {
  finanzas: 'finance',
  tecnologia: 'tech',
  'recursos humanos': 'hr',
  rrhh: 'hr',
  operaciones: 'operations',
};

/** The slug for a slug or a known Spanish name, whatever its case and accents; undefined otherwise. */
export function toCategory(value: string): Category | undefined {
  const text = value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
  if ((CATEGORIES as readonly string[]).includes(text)) return text as Category;
  return SPANISH_NAMES[text];
}

/** The Spanish label; a text outside the list (an ecosystem's own category) is shown as it is. */
export function categoryLabel(category: string): string {
  const slug = toCategory(category);
  return slug ? CATEGORY_LABELS[slug] : category;
}
