import { countOf } from './plural';

describe('countOf', () => {
  it('names one in the singular and any other count, zero too, in the plural', () => {
    expect(countOf(1, 'asignación', 'asignaciones')).toBe('1 asignación');
    expect(countOf(0, 'asignación', 'asignaciones')).toBe('0 asignaciones');
    expect(countOf(2, 'asignación', 'asignaciones')).toBe('2 asignaciones');
    expect(countOf(12500, 'registro', 'registros')).toBe('12.500 registros');
  });
});
