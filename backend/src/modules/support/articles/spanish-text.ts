/**
 * Just enough Spanish for searching the help centre: lower-case, no accents, no stop words and a
 * light stemmer that folds plurals together ('agentes' → 'agente', 'planes' → 'plan',
 * 'suscripciones' → 'suscripcion'), so that a visitor who types without accents or in the plural
 * still finds the article.
 */

const STOP_WORDS = new Set(
  (
    'a al algo algun alguna alguno algunos ante antes asi aun aunque bien cada como con contra cual cuales ' +
    'cuando cuanto de del desde donde dos el ella ellas ellos en entre era eres es esa ese eso esta estas ' +
    'este esto estos estoy fue ha hay haber he hola la las le les lo los mas me mi mis mucho muy nada ni ' +
    'no nos nosotros o os otra otro para pero poco por porque puedo que quien se ser si sin sobre son ' +
    'soy su sus tambien tan te ti tiene tengo toda todo todos tu tus un una uno unos usted vos y ya yo'
  ).split(' '),
);

/** Lower-case and without diacritics: 'Contraseña' → 'contrasena', 'Cómo' → 'como'. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export function isStopWord(term: string): boolean {
  return STOP_WORDS.has(foldText(term));
}

/** A light plural and adverb stemmer for folded words; it never shortens a word below 3 letters. */
export function spanishStem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('mente') && word.length > 8) return word.slice(0, -5);
  // luces → luz, veces → vez
  if (word.endsWith('ces') && word.length > 4) return `${word.slice(0, -3)}z`;
  // planes → plan, suscripciones → suscripcion, errores → error, redes → red (but not detalles, torres)
  if (/[aeiou][lrnd]es$/.test(word)) return word.slice(0, -2);
  // agentes → agente, pagos → pago, claves → clave
  if (word.endsWith('s') && !word.endsWith('ss') && /[aeiou]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** MiniSearch's processTerm: null drops the term. */
export function processSpanishTerm(term: string): string | null {
  const folded = foldText(term);
  if (folded.length === 0 || STOP_WORDS.has(folded)) return null;
  return spanishStem(folded);
}

/** The content terms of a text, as the index sees them. */
export function contentTerms(text: string): string[] {
  return text
    .split(/[\n\r\p{Z}\p{P}\p{S}]+/u)
    .map(processSpanishTerm)
    .filter((term): term is string => Boolean(term));
}
