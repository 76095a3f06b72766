import { meetsExpectation } from './prompt-tests.service';

describe('meetsExpectation', () => {
  it('checks contains and not-contains without regard to case', () => {
    expect(meetsExpectation('Según la LEY, un 4 %.', { kind: 'contains', value: 'ley' })).toBe(true);
    expect(meetsExpectation('Según la LEY, un 4 %.', { kind: 'not-contains', value: 'ley' })).toBe(false);
    expect(meetsExpectation('Hola', { kind: 'not-contains', value: 'adiós' })).toBe(true);
  });

  it('checks a pattern, and an empty answer never passes', () => {
    expect(meetsExpectation('Modelo 303: trimestral', { kind: 'matches', value: '^modelo \\d{3}' })).toBe(true);
    expect(meetsExpectation('', { kind: 'not-contains', value: 'x' })).toBe(false);
    expect(meetsExpectation('   ', null)).toBe(false);
    expect(meetsExpectation('Algo', null)).toBe(true);
  });

  it('gives up on a pattern that would backtrack for ever instead of blocking the server', () => {
    const started = Date.now();
    expect(meetsExpectation(`${'a'.repeat(40)}!`, { kind: 'matches', value: '^(a+)+$' })).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
