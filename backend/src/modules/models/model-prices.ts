import { DEFAULT_PRICE_KEY, type ModelPrices } from '../../config/model-prices';

/** Whether any price is configured. */
export function hasPrices(prices: ModelPrices | undefined): boolean {
  return Object.keys(prices ?? {}).length > 0;
}

/**
 * What these tokens cost, in minor units (cents) of the payments currency, kept to four decimals
 * (one call usually costs a fraction of a cent); null when neither the model nor `"*"` is priced.
 */
export function costOf(modelId: string | null | undefined, inputTokens: number, outputTokens: number, prices: ModelPrices | undefined): number | null {
  const price = (modelId ? prices?.[modelId] : undefined) ?? prices?.[DEFAULT_PRICE_KEY];
  if (!price) return null;
  const major = (inputTokens * price.inputPerMillion + outputTokens * price.outputPerMillion) / 1_000_000;
  return Math.round(major * 100 * 10_000) / 10_000;
}
