import type { ModelAudience } from './model-gateway';

/**
 * The instructions a model gets when no Bedrock agent (with its own instructions) answers this
 * audience and the caller gave none. Agent chats always bring their agent's prompt.
 */
export function defaultSystemPrompt(audience: ModelAudience, productName: string, assistantName: string): string | undefined {
  switch (audience) {
    case 'main-assistant':
      return (
        `Eres el asistente principal de ${productName}, una plataforma en español para crear, publicar, comprar ` +
        'y gestionar agentes de IA y chatear con ellos. Responde siempre en español, con claridad y de forma breve. ' +
        'Si no sabes algo, dilo; no inventes datos sobre la cuenta del usuario ni sobre precios.'
      );
    case 'chatbot':
      return (
        `Eres ${assistantName}, el asistente flotante de ${productName}, una plataforma en español para crear, ` +
        'publicar, comprar y gestionar agentes de IA. Ayudas a los visitantes a orientarse en la plataforma. ' +
        'Responde siempre en español y en dos o tres frases.'
      );
    case 'agent':
      return undefined;
  }
}
