import { ConfigValidationError, loadConfig } from '../../config/app-config';
import { parseModelPrices } from '../../config/model-prices';
import { costOf, hasPrices } from './model-prices';

describe('model prices', () => {
  const prices = parseModelPrices('{"gpt-x": {"inputPerMillion": 2, "outputPerMillion": 8}, "*": {"inputPerMillion": 3, "outputPerMillion": 15}}');

  it('prices a listed model per million tokens, in cents', () => {
    // 1M input at 2 € + 0.5M output at 8 € = 6 € = 600 cents.
    expect(costOf('gpt-x', 1_000_000, 500_000, prices)).toBe(600);
  });

  it('falls back to the "*" entry for a model not listed, or no model', () => {
    expect(costOf('otro', 1000, 1000, prices)).toBe(1.8);
    expect(costOf(null, 1000, 1000, prices)).toBe(1.8);
  });

  it('keeps fractions of a cent', () => {
    expect(costOf('gpt-x', 10, 0, prices)).toBe(0.002);
  });

  it('is null when the model is not priced and there is no "*"', () => {
    expect(costOf('otro', 1000, 1000, { 'gpt-x': { inputPerMillion: 1, outputPerMillion: 1 } })).toBeNull();
    expect(costOf('gpt-x', 1000, 1000, {})).toBeNull();
    expect(costOf('gpt-x', 1000, 1000, undefined)).toBeNull();
  });

  it('reads an empty variable as no prices', () => {
    expect(parseModelPrices(undefined)).toEqual({});
    expect(parseModelPrices('  ')).toEqual({});
    expect(hasPrices({})).toBe(false);
    expect(hasPrices(prices)).toBe(true);
  });

  it('rejects bad JSON, a non-object and negative or missing numbers with a Spanish message', () => {
    expect(() => parseModelPrices('{no es json')).toThrow('debe ser un objeto JSON');
    expect(() => parseModelPrices('[1]')).toThrow('debe ser un objeto JSON');
    expect(() => parseModelPrices('{"*": {"inputPerMillion": -1, "outputPerMillion": 2}}')).toThrow(
      'el precio «inputPerMillion» del modelo «*» debe ser un número mayor o igual que 0',
    );
    expect(() => parseModelPrices('{"m": {"inputPerMillion": 1}}')).toThrow('«outputPerMillion» del modelo «m»');
    expect(() => parseModelPrices('{"m": 3}')).toThrow('«inputPerMillion» del modelo «m»');
  });

  it('is read from MODEL_PRICES at start-up, which stops on a bad value', () => {
    expect(loadConfig({}).models.prices).toEqual({});
    expect(loadConfig({ MODEL_PRICES: '{"*": {"inputPerMillion": 3, "outputPerMillion": 15}}' }).models.prices).toEqual({
      '*': { inputPerMillion: 3, outputPerMillion: 15 },
    });
    expect(() => loadConfig({ MODEL_PRICES: 'no' })).toThrow(ConfigValidationError);
    expect(() => loadConfig({ MODEL_PRICES: 'no' })).toThrow(/^Configuración no válida:\n  MODEL_PRICES: debe ser un objeto JSON/);
    expect(() => loadConfig({ MODEL_PRICES: '{"*": {"inputPerMillion": 1, "outputPerMillion": -2}}' })).toThrow(
      'MODEL_PRICES: el precio «outputPerMillion» del modelo «*» debe ser un número mayor o igual que 0',
    );
  });
});
