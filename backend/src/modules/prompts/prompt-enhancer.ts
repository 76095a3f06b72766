import { Injectable } from '@nestjs/common';
import { isAdmin } from '../../common/access/access-policy';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { ModelGateway, ModelNotConfiguredError } from '../models/model-gateway';
import type { EnhancedPromptDto } from './dto/prompts.dto';
import { askModel } from './model-reply';
import { EmptyEnhancedPromptError, EmptyPromptToEnhanceError } from './prompts.errors';

/** The fixed instructions 'Mejorar con IA' gives the model (spec section 5, issue 13). */
export const ENHANCE_INSTRUCTIONS = [
  'Eres un experto en ingeniería de prompts para agentes de IA.',
  'El usuario te da el prompt de sistema de un agente. Reescríbelo para que sea más claro, específico y eficaz:',
  'define el rol del agente, su objetivo, su público, el tono, el formato de las respuestas y lo que no debe hacer.',
  'Conserva su intención, su idioma y todos los datos concretos que contiene; no inventes información nueva.',
  'Responde únicamente con el prompt mejorado, sin explicaciones, sin comillas y sin bloques de código.',
].join('\n');

/** A reply wrapped in a code fence anyway keeps only what is inside it. */
function unfenced(text: string): string {
  const fenced = /^```[\w-]*\n([\s\S]*?)\n?```$/.exec(text.trim());
  return (fenced ? fenced[1] : text).trim();
}

/** POST /fine-tuning/enhance-prompt: the model rewrites a prompt; nothing is stored. */
@Injectable()
export class PromptEnhancer {
  constructor(private readonly gateway: ModelGateway) {}

  async enhance(identity: VerifiedIdentity, prompt: string): Promise<EnhancedPromptDto> {
    if (prompt.trim() === '') throw new EmptyPromptToEnhanceError();
    if (!this.gateway.isConfigured('agent')) throw ModelNotConfiguredError.for(isAdmin(identity));
    const enhancedPrompt = unfenced(await askModel(this.gateway, { systemPrompt: ENHANCE_INSTRUCTIONS, message: prompt }));
    if (enhancedPrompt === '') throw new EmptyEnhancedPromptError();
    return { originalPrompt: prompt, enhancedPrompt };
  }
}
