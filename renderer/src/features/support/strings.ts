export const supportStrings = {
  title: 'Centro de soporte',
  lead: (product: string) =>
    `Guías y respuestas sobre ${product}: crear y publicar agentes, planes y pagos, el marketplace, tu cuenta y la privacidad.`,
  searchLabel: 'Buscar en el centro de soporte',
  searchPlaceholder: 'Buscar, p. ej. «crear agente» o «factura»',
  categoriesLabel: 'Categorías',
  allCategories: 'Todas',
  loading: 'Cargando artículos…',
  loadingArticle: 'Cargando artículo…',
  loadError: 'No se pudieron cargar los artículos del centro de soporte.',
  retry: 'Reintentar',
  /** With a search or a category; without either, `none`. */
  empty: 'No hay artículos que coincidan con tu búsqueda.',
  none: 'Todavía no hay artículos de ayuda.',
  results: (count: number) => (count === 1 ? '1 artículo' : `${count} artículos`),
  readArticle: 'Leer artículo',
  notFound: 'Artículo no encontrado',
  notFoundText: 'Puede que el enlace sea antiguo o que el artículo se haya retirado. Busca en el centro de soporte o escríbenos.',
  back: 'Volver al centro de soporte',
  stillNeedHelp: '¿No encuentras lo que buscas?',
  contact: 'Escríbenos',
  contactText: 'Nuestro equipo de soporte responde por correo en días laborables.',
} as const;
