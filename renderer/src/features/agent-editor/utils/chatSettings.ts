import type { FormLimits } from '../../../shared/config';
import type { Agent, SaveAgentBody } from '../api/agentEditorQueries';
import { agentEditorStrings } from '../strings';
import type { AgentFormValues } from '../types';

/**
 * The agent's chat settings in the form (issue 31): its conversation starters, temperature and
 * longest answer. The numbers are kept as typed ('' for the default), like the prices.
 */
export type ChatSettingsValues = Pick<AgentFormValues, 'conversationStarters' | 'temperature' | 'maxAnswerTokens'>;
export type ChatSettingsErrors = Record<string, string>;

const strings = agentEditorStrings.chatSettings.validation;
const TEMPERATURE_PATTERN = /^\d+([.,]\d{1,2})?$/;
const TOKENS_PATTERN = /^\d+$/;

export const emptyChatSettings = (): ChatSettingsValues => ({ conversationStarters: [], temperature: '', maxAnswerTokens: '' });

/** What the agent has, as the form shows it (a decimal comma, as the prices). */
export function chatSettingsFromAgent(agent: Pick<Agent, 'conversationStarters' | 'temperature' | 'maxAnswerTokens'>): ChatSettingsValues {
  return {
    conversationStarters: [...(agent.conversationStarters ?? [])],
    temperature: agent.temperature === null || agent.temperature === undefined ? '' : String(agent.temperature).replace('.', ','),
    maxAnswerTokens: agent.maxAnswerTokens === null || agent.maxAnswerTokens === undefined ? '' : String(agent.maxAnswerTokens),
  };
}

/** '0,7' and '0.7' are 0.7; '' is none (the provider's default); anything else NaN. */
export function parseTemperature(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return TEMPERATURE_PATTERN.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/** A whole number of tokens; '' is none (the deployment's default); anything else NaN. */
export function parseMaxAnswerTokens(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return TOKENS_PATTERN.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The settings' errors, keyed by @mantine/form paths ('conversationStarters.1', 'temperature'),
 * with the server's limits; without them only the format, and the server checks the rest.
 */
export function validateChatSettings(values: ChatSettingsValues, limits: FormLimits | null): ChatSettingsErrors {
  const bounds = limits?.agent;
  const errors: ChatSettingsErrors = {};
  const starters = values.conversationStarters;
  if (bounds && starters.length > bounds.conversationStarters.max) errors.conversationStarters = strings.tooManyStarters(bounds.conversationStarters.max);
  const seen = new Set<string>();
  starters.forEach((starter, index) => {
    const text = starter.trim();
    const key = text.toLocaleLowerCase('es');
    if (!text) errors[`conversationStarters.${index}`] = strings.starterEmpty;
    else if (bounds && text.length > bounds.conversationStarter.max) errors[`conversationStarters.${index}`] = strings.starterTooLong(bounds.conversationStarter.max);
    else if (seen.has(key)) errors[`conversationStarters.${index}`] = strings.starterDuplicate;
    seen.add(key);
  });
  const temperature = parseTemperature(values.temperature);
  if (temperature !== null) {
    const range = bounds?.temperature;
    if (Number.isNaN(temperature) || (range && (temperature < range.min || temperature > range.max))) {
      errors.temperature = range ? strings.temperature(range.min, range.max) : strings.temperatureFormat;
    }
  }
  const tokens = parseMaxAnswerTokens(values.maxAnswerTokens);
  if (tokens !== null) {
    const range = bounds?.maxAnswerTokens;
    if (Number.isNaN(tokens) || (range && (tokens < range.min || tokens > range.max))) {
      errors.maxAnswerTokens = range ? strings.maxAnswerTokens(range.min, range.max) : strings.maxAnswerTokensFormat;
    }
  }
  return errors;
}

/**
 * The settings' part of POST /agents, from checked values. A new agent gets only what was set (the
 * rest stays the providers' defaults); an edit sends all, null taking a setting back to its default.
 */
export function chatSettingsBody(
  values: ChatSettingsValues,
  creating: boolean,
): Pick<SaveAgentBody, 'conversationStarters' | 'temperature' | 'maxAnswerTokens'> {
  const body = {
    conversationStarters: values.conversationStarters.map((starter) => starter.trim()),
    temperature: parseTemperature(values.temperature),
    maxAnswerTokens: parseMaxAnswerTokens(values.maxAnswerTokens),
  };
  if (!creating) return body;
  return {
    ...(body.conversationStarters.length > 0 ? { conversationStarters: body.conversationStarters } : {}),
    ...(body.temperature !== null ? { temperature: body.temperature } : {}),
    ...(body.maxAnswerTokens !== null ? { maxAnswerTokens: body.maxAnswerTokens } : {}),
  };
}
