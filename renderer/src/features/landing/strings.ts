export const landingStrings = {
  title: (product: string) => `${product}: tu equipo de agentes de IA`,
  lead: 'Crea agentes con prompts versionados, descubre los de otros creadores en el marketplace, forma tu equipo y chatea con él. Publica tus agentes como API y cobra por ellos.',
  register: 'Crear cuenta gratis',
  marketplace: 'Explorar el marketplace',
} as const;
