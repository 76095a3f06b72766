import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { ArticlesService, type ArticleMatch } from '../../support/articles/articles.service';
import { contentTerms, foldText } from '../../support/articles/spanish-text';
import { type AssistantAnswer, AssistantModel, type AssistantQuestion, articleUrl } from '../ports/assistant-model';

/** Below this search score a match is noise (a stray fuzzy hit), not an answer. */
const MIN_SCORE = 10;
/** Related articles must score at least this share of the best one. */
const RELATED_SHARE = 0.3;
const MAX_ARTICLES = 3;
const MAX_SUGGESTIONS = 3;

const GREETING_WORDS = new Set(['hola', 'buenas', 'buenos', 'hey', 'saludos', 'hello', 'hi', 'ey', 'holi']);
const THANKS_WORDS = new Set(['gracias', 'thanks', 'thx', 'agradecido', 'agradecida']);
const BYE_WORDS = new Set(['adios', 'chao', 'chau', 'bye', 'luego', 'pronto', 'vemos']);
/** Words that may go with a greeting or thanks without making it a question. */
const SMALL_TALK_FILLER = new Set([
  'dias', 'tardes', 'noches', 'que', 'tal', 'como', 'estas', 'esta', 'muchas', 'muchisimas', 'mil', 'muy',
  'amable', 'genial', 'perfecto', 'vale', 'ok', 'okay', 'estupendo', 'seshat', 'asistente', 'hasta', 'nos', 'y', 'de',
  'nada', 'todo', 'bien', 'por', 'la', 'ayuda', 'te', 'a', 'ti', 'un', 'saludo', 'super', 'fenomenal',
]);

const ALWAYS_SUGGESTED = ['¿Cómo creo un agente?', '¿Cuáles son los planes?'];

/** Page title (as the widget sends it, Spanish or English) → one more useful question. */
const PAGE_SUGGESTIONS: Array<[RegExp, string]> = [
  [/marketplace|mercado/, '¿Cómo añado un agente a mi equipo?'],
  [/office|oficina/, '¿Cómo funciona Mi Oficina?'],
  [/chat/, '¿Cómo puedo chatear con mis agentes?'],
  [/login|sesion|iniciar/, '¿Cómo restablezco mi contraseña?'],
  [/register|registro|cuenta/, '¿Cómo creo una cuenta?'],
  [/contact/, '¿Cómo contacto con soporte?'],
  [/support|soporte|ayuda/, '¿Cómo activo la verificación en dos pasos?'],
  [/inicio|home|landing/, '¿Qué es {product}?'],
];

/**
 * Seshat without a model: answers from the help-centre articles. The reply is the best article's
 * summary and a pointer to read it (2 sentences, 3 with a greeting), and up to three articles are
 * linked. Stateless: nothing about the conversation is kept.
 */
@Injectable()
export class OfflineAssistant extends AssistantModel {
  constructor(
    private readonly articles: ArticlesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async answer(question: AssistantQuestion): Promise<AssistantAnswer> {
    const suggestedQuestions = this.suggestions(question);
    const smallTalk = classifySmallTalk(question.message);
    if (smallTalk) return { reply: this.smallTalkReply(smallTalk, question), articles: [], suggestedQuestions };

    const matches = this.relevantMatches(question.message);
    if (matches.length === 0) {
      return {
        reply:
          'No he encontrado ningún artículo de ayuda que responda a tu pregunta. ' +
          'Puedes buscar en el centro de soporte (/support) o escribirnos desde la página de contacto (/contact), ' +
          'y te responderemos en un plazo de 48 horas laborables.',
        articles: [],
        suggestedQuestions,
      };
    }
    const [best] = matches;
    const greeting = startsWithGreeting(question.message) ? '¡Hola! ' : '';
    return {
      reply: `${greeting}${asSentence(best.summary)} Tienes todos los detalles en el artículo «${best.title}» del centro de soporte.`,
      articles: matches.map(({ slug, title }) => ({ slug, title, url: articleUrl(slug) })),
      suggestedQuestions,
    };
  }

  private relevantMatches(message: string): ArticleMatch[] {
    if (contentTerms(message).length === 0) return [];
    const matches = this.articles.match(message, MAX_ARTICLES);
    const best = matches[0];
    if (!best || best.score < MIN_SCORE) return [];
    return matches.filter((match) => match === best || match.score >= Math.max(MIN_SCORE, best.score * RELATED_SHARE));
  }

  private smallTalkReply(kind: SmallTalk, question: AssistantQuestion): string {
    const { assistantName, productName } = this.config;
    const name = question.caller?.name?.trim().split(/\s+/)[0];
    switch (kind) {
      case 'greeting':
        return `¡Hola${name ? `, ${name}` : ''}! Soy ${assistantName}, el asistente de ${productName}. ¿En qué puedo ayudarte?`;
      case 'thanks':
        return '¡De nada! Si tienes cualquier otra duda, aquí estoy.';
      case 'bye':
        return '¡Hasta pronto! Si vuelves a necesitar ayuda, abre este chat cuando quieras.';
    }
  }

  private suggestions(question: AssistantQuestion): string[] {
    const page = question.page ? foldText(question.page) : '';
    const forPage = PAGE_SUGGESTIONS.find(([pattern]) => pattern.test(page))?.[1];
    const asked = foldText(question.message).replace(/[¿?¡!.\s]+/g, ' ').trim();
    return [...ALWAYS_SUGGESTED, ...(forPage ? [forPage] : [])]
      .map((text) => text.replace('{product}', this.config.productName))
      .filter((text) => foldText(text).replace(/[¿?¡!.\s]+/g, ' ').trim() !== asked)
      .slice(0, MAX_SUGGESTIONS);
  }
}

type SmallTalk = 'greeting' | 'thanks' | 'bye';

function words(message: string): string[] {
  return foldText(message)
    .split(/[^a-z0-9ñ]+/)
    .filter(Boolean);
}

/** A message made only of a greeting, thanks or goodbye (and filler words), or null. */
export function classifySmallTalk(message: string): SmallTalk | null {
  const list = words(message);
  if (list.length === 0 || list.length > 8) return null;
  const known = (word: string) =>
    GREETING_WORDS.has(word) || THANKS_WORDS.has(word) || BYE_WORDS.has(word) || SMALL_TALK_FILLER.has(word);
  if (!list.every(known)) return null;
  if (list.some((word) => THANKS_WORDS.has(word))) return 'thanks';
  if (list.some((word) => BYE_WORDS.has(word))) return 'bye';
  if (list.some((word) => GREETING_WORDS.has(word)) || /^(buenos dias|buenas tardes|buenas noches|que tal)/.test(list.join(' '))) {
    return 'greeting';
  }
  return null;
}

function startsWithGreeting(message: string): boolean {
  const first = words(message)[0];
  return first !== undefined && GREETING_WORDS.has(first);
}

function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
