import { formatLimits } from './format';

describe('formatLimits', () => {
  it('names one request or token in the singular and more in the plural', () => {
    expect(formatLimits({ rateLimitPerMinute: 1, monthlyRequestQuota: 1, monthlyTokenQuota: 1 })).toBe('1 petición/min · 1 petición/mes · 1 token/mes');
    expect(formatLimits({ rateLimitPerMinute: 60, monthlyRequestQuota: 10000, monthlyTokenQuota: 2000000 })).toBe(
      '60 peticiones/min · 10.000 peticiones/mes · 2.000.000 tokens/mes',
    );
  });
});
