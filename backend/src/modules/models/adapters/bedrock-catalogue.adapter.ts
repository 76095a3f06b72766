import {
  type BedrockClient,
  ListFoundationModelsCommand,
  ListInferenceProfilesCommand,
} from '@aws-sdk/client-bedrock';
import type { CatalogueModel, ModelCatalogueSource } from '../model-catalogue';

/** ListInferenceProfiles pages; a region has a few dozen profiles, so this bounds a broken paging loop. */
const MAX_PROFILE_PAGES = 20;

/**
 * Amazon Bedrock's models for agent chats (control plane, `bedrock.{region}.amazonaws.com`): the
 * foundation models that write text on demand, and the inference profiles (cross-region, and the
 * account's own), which ConverseStream takes in place of a model id.
 */
export class BedrockCatalogueAdapter implements ModelCatalogueSource {
  readonly provider = 'bedrock' as const;

  constructor(private readonly client: BedrockClient) {}

  async list(signal: AbortSignal): Promise<CatalogueModel[]> {
    const [foundation, profiles] = await Promise.all([this.foundationModels(signal), this.inferenceProfiles(signal)]);
    return [...foundation, ...profiles];
  }

  private async foundationModels(signal: AbortSignal): Promise<CatalogueModel[]> {
    const { modelSummaries = [] } = await this.client.send(
      new ListFoundationModelsCommand({ byOutputModality: 'TEXT', byInferenceType: 'ON_DEMAND' }),
      { abortSignal: signal },
    );
    return modelSummaries
      .filter((model) => model.modelId && model.modelLifecycle?.status !== 'LEGACY')
      .map((model) => ({
        id: model.modelId!,
        name: [model.providerName, model.modelName].filter(Boolean).join(' ') || model.modelId!,
        provider: this.provider,
      }));
  }

  private async inferenceProfiles(signal: AbortSignal): Promise<CatalogueModel[]> {
    const models: CatalogueModel[] = [];
    let nextToken: string | undefined;
    for (let page = 0; page < MAX_PROFILE_PAGES; page += 1) {
      const response = await this.client.send(new ListInferenceProfilesCommand({ maxResults: 100, nextToken }), {
        abortSignal: signal,
      });
      for (const profile of response.inferenceProfileSummaries ?? []) {
        if (!profile.inferenceProfileId || profile.status !== 'ACTIVE') continue;
        models.push({ id: profile.inferenceProfileId, name: profile.inferenceProfileName ?? profile.inferenceProfileId, provider: this.provider });
      }
      nextToken = response.nextToken;
      if (!nextToken) break;
    }
    return models;
  }
}
