/**
 * The marketplace's closed list of agent categories (spec section 9, the collaboration topics):
 * agents store the slug; the Spanish label is what users read.
 */
export const AGENT_CATEGORIES = ['legal', 'finance', 'marketing', 'tech', 'hr', 'operations', 'general'] as const;
export type AgentCategory = (typeof AGENT_CATEGORIES)[number];

export const AGENT_CATEGORY_LABELS: Record<AgentCategory, string> = {
  legal: 'Legal',
  finance: 'Finanzas',
  marketing: 'Marketing',
  tech: 'Tecnología',
  hr: 'Recursos humanos',
  operations: 'Operaciones',
  general: 'General',
};

/** The Spanish names clients and older data use for each category, written without accents. */
const SPANISH_NAMES: Record<string, AgentCategory> = {
  finanzas: 'finance',
  tecnologia: 'tech',
  'recursos humanos': 'hr',
  rrhh: 'hr',
  operaciones: 'operations',
};

/** 'Tecnología ', 'TECNOLOGIA' and 'tecnologia' all read 'tecnologia'. */
function comparable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The slug for a slug or a known Spanish name (case and accents aside); undefined for anything else. */
export function toAgentCategory(value: unknown): AgentCategory | undefined {
  if (typeof value !== 'string') return undefined;
  const text = comparable(value);
  if ((AGENT_CATEGORIES as readonly string[]).includes(text)) return text as AgentCategory;
  // Own keys only: 'constructor' or '__proto__' must not find Object.prototype's members.
  return Object.hasOwn(SPANISH_NAMES, text) ? SPANISH_NAMES[text] : undefined;
}

/** For messages: "legal (Legal), finance (Finanzas), …". */
export function describeAgentCategories(): string {
  return AGENT_CATEGORIES.map((slug) => `${slug} (${AGENT_CATEGORY_LABELS[slug]})`).join(', ');
}

/**
 * A listing's category filter: a slug or known Spanish name narrows to that category; any other
 * text is kept as given, so it matches no agent (spec section 5 refuses no category filter).
 */
export function agentCategoryFilter(category: string | undefined): string | undefined {
  return category === undefined ? undefined : (toAgentCategory(category) ?? category);
}
