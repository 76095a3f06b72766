export const uiStrings = {
  close: 'Cerrar',
} as const;
