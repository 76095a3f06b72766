import { BedrockClient } from '@aws-sdk/client-bedrock';
import { BedrockAgentRuntimeClient } from '@aws-sdk/client-bedrock-agent-runtime';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { AppConfig, BedrockAgentRef } from '../../config/app-config';
import { BedrockAgentAdapter } from './adapters/bedrock-agent.adapter';
import { BedrockCatalogueAdapter } from './adapters/bedrock-catalogue.adapter';
import { BedrockConverseAdapter, CONVERSE_MAX_TOKENS } from './adapters/bedrock-converse.adapter';
import type { ModelAdapter } from './adapters/model-adapter';
import { OpenAiCompatibleAdapter } from './adapters/openai-compatible.adapter';
import { OpenAiCompatibleCatalogueAdapter } from './adapters/openai-compatible-catalogue.adapter';
import { defaultSystemPrompt } from './default-prompts';
import { type CatalogueOptions, ModelCatalogue, type ModelCatalogueSource } from './model-catalogue';
import { type ModelRoutes, type ModelsByProvider, RoutingModelGateway } from './routing-model-gateway';

/** What tests may change about the SDK clients (credentials, retries); production uses the defaults. */
export interface ModelClientOverrides {
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  maxAttempts?: number;
}

/**
 * Chooses the adapter for each audience from the first of MODEL_PROVIDER:
 * - none: nobody (callers say that no model is configured);
 * - bedrock: the main assistant and Seshat through their Bedrock agents (InvokeAgent) when their
 *   ids are set, the main assistant otherwise through ConverseStream on BEDROCK_MODEL_ID with a
 *   default prompt, and agent chats through ConverseStream on the agent's model;
 * - openai-compatible: every audience through OPENAI_MODEL.
 * An agent's chat goes to the first configured provider whose catalogue lists the agent's model
 * (on that model), so that one agent runs on Bedrock and another on a local server. A single
 * Bedrock provider needs no look-up: ConverseStream takes the agent's model as it is.
 * AWS credentials come from the SDK's default chain (environment, profile, SSO, container, instance).
 */
export function createModelGateway(
  config: Pick<AppConfig, 'models' | 'productName' | 'assistantName'>,
  overrides: ModelClientOverrides = {},
  catalogue: ModelCatalogue = createModelCatalogue(config, overrides),
): RoutingModelGateway {
  const { models, productName, assistantName } = config;
  const routes: ModelRoutes = {};
  const { region, endpoint, agentEndpoint, mainAgent, chatbotAgent, modelId } = models.bedrock;

  let runtime: BedrockRuntimeClient | undefined;
  let bedrockAgentChats: BedrockConverseAdapter | undefined;
  const agentChatsOnBedrock = (): BedrockConverseAdapter =>
    (bedrockAgentChats ??= new BedrockConverseAdapter((runtime ??= new BedrockRuntimeClient(awsClientConfig(region, endpoint, overrides))), {
      modelId,
      useRequestModel: true,
    }));
  const openAiModels = new Map<string, OpenAiCompatibleAdapter>();
  const openAiOn = (model: string): OpenAiCompatibleAdapter => {
    let adapter = openAiModels.get(model);
    if (!adapter && models.openAi) {
      adapter = new OpenAiCompatibleAdapter({
        ...models.openAi,
        model,
        maxTokens: CONVERSE_MAX_TOKENS,
        defaultSystemPrompt: (audience) => defaultSystemPrompt(audience, productName, assistantName),
      });
      openAiModels.set(model, adapter);
    }
    return adapter!;
  };

  if (models.provider === 'bedrock') {
    let agentClient: BedrockAgentRuntimeClient | undefined;
    const agentAdapter = (agent: BedrockAgentRef): ModelAdapter =>
      new BedrockAgentAdapter((agentClient ??= new BedrockAgentRuntimeClient(awsClientConfig(region, agentEndpoint, overrides))), agent);

    routes.agent = agentChatsOnBedrock();
    routes['main-assistant'] = mainAgent
      ? agentAdapter(mainAgent)
      : new BedrockConverseAdapter((runtime ??= new BedrockRuntimeClient(awsClientConfig(region, endpoint, overrides))), {
          modelId,
          useRequestModel: false,
          defaultSystemPrompt: defaultSystemPrompt('main-assistant', productName, assistantName),
        });
    if (chatbotAgent) routes.chatbot = agentAdapter(chatbotAgent);
  } else if (models.provider === 'openai-compatible' && models.openAi) {
    const adapter = openAiOn(models.openAi.model);
    routes['main-assistant'] = adapter;
    routes.agent = adapter;
    routes.chatbot = adapter;
  }

  const needsLookUp = models.providers.length > 1 || models.providers.includes('openai-compatible');
  const byProvider: ModelsByProvider | undefined = needsLookUp
    ? {
        catalogue,
        adapterFor: (provider, model) => (provider === 'bedrock' ? agentChatsOnBedrock() : openAiOn(model)),
        adapters: () => [...openAiModels.values(), ...(bedrockAgentChats ? [bedrockAgentChats] : [])],
      }
    : undefined;
  // The model a call without its own goes to, as the collaboration sessions price it.
  const defaultModelId = models.provider === 'openai-compatible' ? models.openAi?.model : models.bedrock.modelId;
  return new RoutingModelGateway(routes, { nextEventMs: models.timeoutMs, wholeReplyMs: models.wholeReplyTimeoutMs }, byProvider, {
    defaultModelId,
    prices: models.prices,
  });
}

/** The model catalogue of every configured provider (GET /api/models, and the agent chats' routing). */
export function createModelCatalogue(
  config: Pick<AppConfig, 'models'>,
  overrides: ModelClientOverrides = {},
  options?: CatalogueOptions,
): ModelCatalogue {
  const { models } = config;
  const sources: ModelCatalogueSource[] = models.providers.flatMap((provider): ModelCatalogueSource[] => {
    if (provider === 'bedrock') {
      const { region, controlEndpoint } = models.bedrock;
      return [new BedrockCatalogueAdapter(new BedrockClient(awsClientConfig(region, controlEndpoint, overrides)))];
    }
    return models.openAi ? [new OpenAiCompatibleCatalogueAdapter(models.openAi)] : [];
  });
  return new ModelCatalogue(sources, options);
}

function awsClientConfig(region: string, url: string | null, overrides: ModelClientOverrides) {
  return {
    region,
    ...(url ? { endpoint: url } : {}),
    ...(overrides.credentials ? { credentials: overrides.credentials } : {}),
    ...(overrides.maxAttempts ? { maxAttempts: overrides.maxAttempts } : {}),
  };
}
