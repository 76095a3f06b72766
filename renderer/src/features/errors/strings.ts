export const errorStrings = {
  notFoundTitle: 'Página no encontrada',
  notFoundText: 'Lo sentimos, la página que estás buscando no existe o ha sido movida.',
  backHome: 'Volver al inicio',
} as const;
