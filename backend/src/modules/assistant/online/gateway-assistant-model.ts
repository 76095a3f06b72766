import type { ModelGateway } from '../../models/model-gateway';
import type { OfflineAssistant } from '../offline/offline-assistant';
import { AssistantModel, type AssistantAnswer, type AssistantQuestion } from '../ports/assistant-model';

/** Seshat answers in two or three sentences; a longer reply is cut at a sentence end past this. */
const MAX_REPLY_CHARACTERS = 700;

/**
 * Seshat online: the configured chatbot model writes the reply (the Bedrock chatbot agent keeps
 * its own memory by session id; nothing is stored here), and the help-centre search still links
 * the articles and suggests questions, so an online answer points to the same help.
 */
export class GatewayAssistantModel extends AssistantModel {
  constructor(
    private readonly gateway: ModelGateway,
    private readonly offline: OfflineAssistant,
  ) {
    super();
  }

  async answer(question: AssistantQuestion): Promise<AssistantAnswer> {
    const context = question.page ? `[Página actual: ${question.page}] ` : '';
    let reply = '';
    for await (const event of this.gateway.stream({
      audience: 'chatbot',
      sessionId: question.sessionId,
      message: `${context}${question.message}`,
      history: [],
    })) {
      if (event.type === 'delta') reply += event.text;
    }
    const text = trimToSentences(reply.trim());
    if (!text) throw new Error('El modelo devolvió una respuesta vacía');
    const help = await this.offline.answer(question);
    return { reply: text, articles: help.articles, suggestedQuestions: help.suggestedQuestions };
  }
}

function trimToSentences(text: string): string {
  if (text.length <= MAX_REPLY_CHARACTERS) return text;
  const cut = text.slice(0, MAX_REPLY_CHARACTERS);
  const lastStop = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('! '));
  return lastStop > 0 ? cut.slice(0, lastStop + 1) : `${cut.trimEnd()}…`;
}
