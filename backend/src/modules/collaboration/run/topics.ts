import { AGENT_CATEGORIES, type AgentCategory } from '../../agents/agent-categories';

/**
 * Spanish keywords per topic (spec section 9), written without accents: the query is compared
 * the same way. 'general' has none: it is what a query matching no other topic is about.
 */
export const TOPIC_KEYWORDS: Record<Exclude<AgentCategory, 'general'>, string[]> = {
  legal: ['legal', 'ley', 'leyes', 'contrato', 'abogado', 'juridic', 'demanda', 'normativa', 'clausula', 'litigio', 'tribunal', 'derecho', 'gdpr', 'rgpd', 'licencia', 'denuncia'],
  finance: ['finanz', 'financ', 'dinero', 'presupuesto', 'inversion', 'invertir', 'impuesto', 'fiscal', 'contabilidad', 'credito', 'prestamo', 'beneficio', 'factura', 'iva', 'ahorro', 'coste', 'costo', 'precio'],
  marketing: ['marketing', 'publicidad', 'campana', 'marca', 'redes sociales', 'seo', 'cliente potencial', 'audiencia', 'anuncio', 'branding', 'ventas', 'promocion', 'contenido'],
  tech: ['tecnolog', 'software', 'programa', 'codigo', 'servidor', 'aplicacion', 'app', 'base de datos', 'nube', 'ciberseguridad', 'informatic', 'api', 'web', 'desarrollo', 'inteligencia artificial'],
  hr: ['recursos humanos', 'rrhh', 'empleado', 'contratacion', 'nomina', 'personal', 'vacaciones', 'despido', 'seleccion', 'talento', 'plantilla', 'salario', 'formacion'],
  operations: ['operacion', 'logistic', 'inventario', 'proceso', 'suministro', 'proveedor', 'almacen', 'produccion', 'eficiencia', 'calidad', 'envio', 'cadena'],
};

/** Lower case, accents removed, spaces collapsed: 'Campaña' reads 'campana'. */
export function comparableText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The query's topic: the category with most keyword hits at the start of a word; ties go to the
 * first in the closed list (legal, finance, …); no hit is 'general'.
 */
export function detectTopic(query: string): AgentCategory {
  const text = ` ${comparableText(query).replace(/[^\p{L}\p{N} ]/gu, ' ')} `;
  let best: AgentCategory = 'general';
  let bestHits = 0;
  for (const topic of AGENT_CATEGORIES) {
    if (topic === 'general') continue;
    const hits = TOPIC_KEYWORDS[topic].filter((keyword) => text.includes(` ${keyword}`)).length;
    if (hits > bestHits) {
      best = topic;
      bestHits = hits;
    }
  }
  return best;
}
