import { AssistantService } from './assistant.service';
import type { OfflineAssistant } from './offline/offline-assistant';
import { type AssistantAnswer, AssistantModel } from './ports/assistant-model';
import { classifySmallTalk } from './offline/offline-assistant';

const offlineAnswer: AssistantAnswer = { reply: 'Sin conexión. Lee el artículo.', articles: [], suggestedQuestions: [] };
const offline = { answer: jest.fn(async () => offlineAnswer) } as unknown as OfflineAssistant;
const question = { sessionId: 'sesion-123', message: '¿Cómo creo un agente?' };

class FailingModel extends AssistantModel {
  async answer(): Promise<AssistantAnswer> {
    throw new Error('Bedrock no responde');
  }
}

class WorkingModel extends AssistantModel {
  async answer(): Promise<AssistantAnswer> {
    return { reply: 'En línea. Hola.', articles: [], suggestedQuestions: ['¿Algo más?'] };
  }
}

describe('AssistantService', () => {
  it('answers offline when no model is configured', async () => {
    const reply = await new AssistantService(offline, null).reply(question);
    expect(reply).toMatchObject({ mode: 'offline', reply: offlineAnswer.reply });
    expect(reply.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers with the model when it works', async () => {
    const reply = await new AssistantService(offline, new WorkingModel()).reply(question);
    expect(reply).toMatchObject({ mode: 'online', reply: 'En línea. Hola.' });
  });

  it('falls back to the offline answer, marked offline, when the model throws', async () => {
    const reply = await new AssistantService(offline, new FailingModel()).reply(question);
    expect(reply).toMatchObject({ mode: 'offline', reply: offlineAnswer.reply });
  });
});

describe('classifySmallTalk', () => {
  it.each([
    ['Hola', 'greeting'],
    ['¡Buenos días!', 'greeting'],
    ['hola, ¿qué tal?', 'greeting'],
    ['Muchas gracias', 'thanks'],
    ['genial, gracias!!', 'thanks'],
    ['adiós', 'bye'],
    ['hola, ¿cómo creo un agente?', null],
    ['¿Cuáles son los planes?', null],
  ])('%s → %s', (message, kind) => {
    expect(classifySmallTalk(message)).toBe(kind);
  });
});
