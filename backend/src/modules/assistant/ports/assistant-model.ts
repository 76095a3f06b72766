/** One visitor message to the floating assistant, with what the widget knows about its context. */
export interface AssistantQuestion {
  sessionId: string;
  message: string;
  /** Title of the page the visitor is on ('agent marketplace', 'Inicio'…). */
  page?: string;
  /** Present when the caller is signed in. */
  caller?: { sub: string; name?: string };
}

export interface AssistantArticleLink {
  slug: string;
  title: string;
  /** Where the renderer opens it: `/support?article=<slug>`. */
  url: string;
}

export interface AssistantAnswer {
  /** Two or three Spanish sentences. */
  reply: string;
  articles: AssistantArticleLink[];
  suggestedQuestions: string[];
}

/**
 * What answers the floating assistant. The offline answerer (help-centre articles) always exists;
 * an online model (the Amazon Bedrock agent, added with the chat issue) is provided under
 * ONLINE_ASSISTANT_MODEL and may throw: the caller then falls back to the offline answer.
 */
export abstract class AssistantModel {
  abstract answer(question: AssistantQuestion): Promise<AssistantAnswer>;
}

/** The online model, or null when none is configured. */
export const ONLINE_ASSISTANT_MODEL = Symbol('ONLINE_ASSISTANT_MODEL');

export function articleUrl(slug: string): string {
  return `/support?article=${encodeURIComponent(slug)}`;
}
