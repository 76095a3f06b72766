/** A model's token prices, in the payments currency (major units) per million tokens. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

/** MODEL_PRICES: model id → price; the `"*"` entry prices every model not listed. */
export type ModelPrices = Record<string, ModelPrice>;

/** The `"*"` entry: the price of a model MODEL_PRICES does not name. */
export const DEFAULT_PRICE_KEY = '*';

/**
 * Reads MODEL_PRICES (a JSON object). Throws an Error with a Spanish message naming what is wrong;
 * the configuration turns it into a start-up error.
 */
export function parseModelPrices(text: string | undefined): ModelPrices {
  if (text === undefined || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('debe ser un objeto JSON, por ejemplo {"*": {"inputPerMillion": 3, "outputPerMillion": 15}}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('debe ser un objeto JSON, por ejemplo {"*": {"inputPerMillion": 3, "outputPerMillion": 15}}');
  }
  const prices: ModelPrices = {};
  for (const [modelId, price] of Object.entries(parsed as Record<string, unknown>)) {
    const entry = (typeof price === 'object' && price !== null ? price : {}) as Record<string, unknown>;
    for (const field of ['inputPerMillion', 'outputPerMillion'] as const) {
      const value = entry[field];
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
        throw new Error(`el precio «${field}» del modelo «${modelId}» debe ser un número mayor o igual que 0`);
      }
    }
    prices[modelId] = { inputPerMillion: entry.inputPerMillion as number, outputPerMillion: entry.outputPerMillion as number };
  }
  return prices;
}
