import { CATEGORY_OPTIONS, categoryLabel, toCategory } from './categories';

describe('agent categories', () => {
  it('offer the closed list with Spanish labels', () => {
    expect(CATEGORY_OPTIONS).toEqual([
      { value: 'legal', label: 'Legal' },
      { value: 'finance', label: 'Finanzas' },
      { value: 'marketing', label: 'Marketing' },
      { value: 'tech', label: 'Tecnología' },
      { value: 'hr', label: 'Recursos humanos' },
      { value: 'operations', label: 'Operaciones' },
      { value: 'general', label: 'General' },
    ]);
  });

  it.each([
    ['finance', 'Finanzas'],
    ['finanzas', 'Finanzas'],
    ['tecnologia', 'Tecnología'],
    ['TECNOLOGÍA', 'Tecnología'],
    ['rrhh', 'Recursos humanos'],
    ['Recursos Humanos', 'Recursos humanos'],
    ['operaciones', 'Operaciones'],
  ])('label %j as %j, as the API stores it', (category, label) => {
    expect(categoryLabel(category)).toBe(label);
  });

  it('leave a text outside the list as it is (an ecosystem keeps its own category)', () => {
    expect(toCategory('test')).toBeUndefined();
    expect(categoryLabel('test')).toBe('test');
  });
});
