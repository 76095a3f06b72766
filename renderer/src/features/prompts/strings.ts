/** Every Spanish text of the prompt versions and test cases panels. */
export const promptsStrings = {
  versionsTitle: 'Versiones del prompt',
  testCasesTitle: 'Casos de prueba',
} as const;
