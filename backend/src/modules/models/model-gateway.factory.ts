import { BedrockAgentRuntimeClient } from '@aws-sdk/client-bedrock-agent-runtime';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { AppConfig, BedrockAgentRef } from '../../config/app-config';
import { BedrockAgentAdapter } from './adapters/bedrock-agent.adapter';
import { BedrockConverseAdapter, CONVERSE_MAX_TOKENS } from './adapters/bedrock-converse.adapter';
import type { ModelAdapter } from './adapters/model-adapter';
import { OpenAiCompatibleAdapter } from './adapters/openai-compatible.adapter';
import { defaultSystemPrompt } from './default-prompts';
import { type ModelRoutes, RoutingModelGateway } from './routing-model-gateway';

/** What tests may change about the SDK clients (credentials, retries); production uses the defaults. */
export interface ModelClientOverrides {
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  maxAttempts?: number;
}

/**
 * Chooses the adapter for each audience from MODEL_PROVIDER:
 * - none: nobody (callers say that no model is configured);
 * - bedrock: the main assistant and Seshat through their Bedrock agents (InvokeAgent) when their
 *   ids are set, the main assistant otherwise through ConverseStream on BEDROCK_MODEL_ID with a
 *   default prompt, and agent chats through ConverseStream on the agent's model;
 * - openai-compatible: every audience through OPENAI_MODEL.
 * AWS credentials come from the SDK's default chain (environment, profile, SSO, container, instance).
 */
export function createModelGateway(
  config: Pick<AppConfig, 'models' | 'productName' | 'assistantName'>,
  overrides: ModelClientOverrides = {},
): RoutingModelGateway {
  const { models, productName, assistantName } = config;
  const routes: ModelRoutes = {};

  if (models.provider === 'bedrock') {
    const { region, endpoint, agentEndpoint, mainAgent, chatbotAgent, modelId } = models.bedrock;
    const clientConfig = (url: string | null) => ({
      region,
      ...(url ? { endpoint: url } : {}),
      ...(overrides.credentials ? { credentials: overrides.credentials } : {}),
      ...(overrides.maxAttempts ? { maxAttempts: overrides.maxAttempts } : {}),
    });
    let agentClient: BedrockAgentRuntimeClient | undefined;
    const agentAdapter = (agent: BedrockAgentRef): ModelAdapter =>
      new BedrockAgentAdapter((agentClient ??= new BedrockAgentRuntimeClient(clientConfig(agentEndpoint))), agent);
    const runtime = new BedrockRuntimeClient(clientConfig(endpoint));

    routes.agent = new BedrockConverseAdapter(runtime, { modelId, useRequestModel: true });
    routes['main-assistant'] = mainAgent
      ? agentAdapter(mainAgent)
      : new BedrockConverseAdapter(runtime, {
          modelId,
          useRequestModel: false,
          defaultSystemPrompt: defaultSystemPrompt('main-assistant', productName, assistantName),
        });
    if (chatbotAgent) routes.chatbot = agentAdapter(chatbotAgent);
  } else if (models.provider === 'openai-compatible' && models.openAi) {
    const adapter = new OpenAiCompatibleAdapter({
      ...models.openAi,
      maxTokens: CONVERSE_MAX_TOKENS,
      defaultSystemPrompt: (audience) => defaultSystemPrompt(audience, productName, assistantName),
    });
    routes['main-assistant'] = adapter;
    routes.agent = adapter;
    routes.chatbot = adapter;
  }

  return new RoutingModelGateway(routes, models.timeoutMs);
}
