import type { FormLimits } from '../../../shared/config';
import type { components } from '../../../shared/api';
import type { Agent, Category, SaveAgentBody } from '../api/agentEditorQueries';
import { agentEditorStrings } from '../strings';
import type { AgentFormValues } from '../types';
import { chatSettingsBody, chatSettingsFromAgent, emptyChatSettings, validateChatSettings, type ChatSettingsErrors } from './chatSettings';

export type AgentFormField = 'name' | 'category' | 'description' | 'price' | 'ecosystemMinimumPrice';
/** Also the chat settings' ('conversationStarters.0', 'temperature'…, see chatSettings.ts). */
export type AgentFormErrors = Partial<Record<AgentFormField, string>> & ChatSettingsErrors;

const strings = agentEditorStrings.validation;
const PRICE_PATTERN = /^\d+([.,]\d{1,2})?$/;

export const emptyAgentForm = (): AgentFormValues => ({
  name: '',
  category: '',
  description: '',
  avatar: null,
  skills: [],
  capabilities: [],
  useCases: [],
  price: '0',
  modelId: '',
  isPublic: false,
  ecosystemInclusionAllowed: false,
  ecosystemMinimumPrice: '0',
  ...emptyChatSettings(),
  prompt: '',
});

/** A price as the field shows it, written the Spanish way: 9.99 → '9,99', 9.9 → '9,90', 12 → '12'. */
export function priceText(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2).replace('.', ',');
}

export function formFromAgent(agent: Agent, prompt: string): AgentFormValues {
  return {
    name: agent.name,
    category: agent.category,
    description: agent.description,
    avatar: agent.avatar,
    skills: [...agent.skills],
    capabilities: [...agent.capabilities],
    useCases: [...agent.useCases],
    price: priceText(agent.price),
    modelId: agent.modelConfig.modelId ?? '',
    isPublic: agent.isPublic,
    ecosystemInclusionAllowed: agent.ecosystemInclusionAllowed,
    ecosystemMinimumPrice: priceText(agent.ecosystemMinimumPrice),
    ...chatSettingsFromAgent(agent),
    prompt,
  };
}

/** The conversational creator's draft (GET/PUT /api/agents/{id}/draft). */
export type AgentDraft = components['schemas']['AgentDraftDto'];

/** The form's values with what the creator's draft holds put over them (its empty fields leave them be). */
export function withDraft(values: AgentFormValues, draft: AgentDraft): AgentFormValues {
  return {
    ...values,
    name: draft.name || values.name,
    category: draft.category || values.category,
    description: draft.description || values.description,
    skills: draft.skills.length > 0 ? [...draft.skills] : values.skills,
    capabilities: draft.capabilities.length > 0 ? [...draft.capabilities] : values.capabilities,
    useCases: draft.useCases.length > 0 ? [...draft.useCases] : values.useCases,
    price: priceText(draft.price),
    modelId: draft.modelId,
    isPublic: draft.isPublic,
    prompt: draft.systemPrompt || values.prompt,
  };
}

/** '12,5' and '12.50' are 12.5; anything else is NaN. */
export function parsePrice(text: string): number {
  const trimmed = text.trim();
  return PRICE_PATTERN.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/** A price as typed: its format (at least 0, two decimals at most) always, its range when the limits are known. */
function priceError(text: string, bounds: { min: number; max: number } | undefined, invalid: string): string | undefined {
  const price = parsePrice(text);
  if (Number.isNaN(price)) return invalid;
  if (bounds && (price < bounds.min || price > bounds.max)) return strings.outOfRange(bounds.min, bounds.max);
  return undefined;
}

/**
 * What the form checks before sending, with the server's limits (`GET /api/config`); without them
 * (the configuration has not arrived) only what is required and the prices' format, and the server
 * checks the rest.
 */
export function validateAgentForm(values: AgentFormValues, limits: FormLimits | null): AgentFormErrors {
  const bounds = limits?.agent;
  const errors: AgentFormErrors = validateChatSettings(values, limits);
  const name = values.name.trim();
  if (!name) errors.name = strings.nameRequired;
  else if (bounds && name.length > bounds.name.max) errors.name = strings.nameTooLong(bounds.name.max);
  if (!values.category) errors.category = strings.categoryRequired;
  const description = values.description.trim();
  if (!description) errors.description = strings.descriptionRequired;
  else if (bounds && description.length > bounds.description.max) errors.description = strings.descriptionTooLong(bounds.description.max);
  const price = priceError(values.price, bounds?.price, strings.priceInvalid);
  if (price) errors.price = price;
  if (values.ecosystemInclusionAllowed) {
    const minimum = priceError(values.ecosystemMinimumPrice, bounds?.ecosystemMinimumPrice, strings.minimumInvalid);
    if (minimum) errors.ecosystemMinimumPrice = minimum;
  }
  return errors;
}

/**
 * The body of POST /agents, from a checked form (its category is one of the list). The prompt goes
 * only when it changed (`savedPrompt` is what the server has, '' for none), so a save does not
 * rewrite it for nothing. The ecosystem minimum goes only with inclusion on: the one saved stays
 * while it is off.
 */
export function toSaveBody(values: AgentFormValues, agentId: string | undefined, savedPrompt: string): SaveAgentBody {
  const prompt = values.prompt;
  const promptChanged = prompt !== savedPrompt;
  return {
    ...(agentId ? { id: agentId } : {}),
    name: values.name.trim(),
    category: values.category as Category,
    description: values.description.trim(),
    avatar: values.avatar,
    skills: values.skills,
    capabilities: values.capabilities,
    useCases: values.useCases,
    price: parsePrice(values.price),
    modelConfig: { modelId: values.modelId || null },
    isPublic: values.isPublic,
    ecosystemInclusionAllowed: values.ecosystemInclusionAllowed,
    ...(values.ecosystemInclusionAllowed ? { ecosystemMinimumPrice: parsePrice(values.ecosystemMinimumPrice) } : {}),
    ...chatSettingsBody(values, !agentId),
    ...(promptChanged ? { prompt } : {}),
  };
}

export function sameForm(a: AgentFormValues, b: AgentFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
