/** 1000 → '1.000' (es-ES groups four-digit numbers only with this). */
const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** The marketplace's texts (spec sections 2, 5 and 8). */
export const marketplaceStrings = {
  title: 'Marketplace',
  lead: 'Descubre agentes y ecosistemas de IA creados por la comunidad y forma tu equipo.',
  tabs: { agents: 'Agentes', ecosystems: 'Ecosistemas', label: 'Tipo de elemento' },
  filters: {
    label: 'Filtros',
    search: 'Buscar',
    searchPlaceholder: 'Buscar por nombre o descripción...',
    category: 'Categoría',
    price: 'Precio',
    priceValue: (min: number, max: number) => `${formatPrice(min)} – ${formatPrice(max)}`,
    minPrice: 'Precio mínimo',
    maxPrice: 'Precio máximo',
    invalidPriceRange: 'El precio mínimo no puede ser mayor que el máximo.',
    sort: 'Ordenar por',
    reset: 'Limpiar filtros',
    showResults: 'Ver resultados',
  },
  categories: { all: 'Todas las categorías' },
  sorts: {
    popularity: 'Popularidad',
    rating: 'Valoración',
    'price-low': 'Precio: de menor a mayor',
    'price-high': 'Precio: de mayor a menor',
  },
  results: (shown: number, total: number, exact = true) =>
    !exact ? `Mostrando ${shown} de más de ${thousands(total)} resultados` : total === 1 ? '1 resultado' : `Mostrando ${shown} de ${total} resultados`,
  loading: 'Cargando...',
  loadMore: 'Cargar más',
  retry: 'Reintentar',
  loadError: 'Error al cargar los datos del marketplace',
  /** With a search, a category or a price range set. */
  emptyAgents: 'No se encontraron agentes con estos filtros.',
  emptyEcosystems: 'No se encontraron ecosistemas con estos filtros.',
  /** With no filter set: the marketplace has none yet. */
  noAgentsYet: 'Todavía no hay agentes publicados en el marketplace.',
  noEcosystemsYet: 'Todavía no hay ecosistemas publicados en el marketplace.',
  free: 'Gratis',
  price: 'Precio',
  rating: 'Valoración',
  ratingValue: (rating: number) => `${rating.toLocaleString('es-ES', { maximumFractionDigits: 1 })} / 5`,
  popularity: 'Popularidad',
  createdBy: (author: string) => (author === 'system' ? 'Creado por el equipo de la plataforma' : `Creado por ${author}`),
  createdByPrefix: 'Creado por ',
  viewDetails: 'Ver detalles',
  agentCount: (count: number) => (count === 1 ? '1 agente' : `${count} agentes`),
  detail: {
    back: 'Volver al marketplace',
    share: 'Compartir',
    shareTitle: 'Copia el enlace a la página de este agente en el marketplace',
    linkCopied: 'Enlace copiado',
    copyFailed: (url: string) => `No se ha podido copiar el enlace. Cópialo desde aquí: ${url}`,
    skills: 'Habilidades',
    capabilities: 'Capacidades',
    useCases: 'Casos de uso',
    none: 'Sin especificar',
    agentNotFound: 'Agente no encontrado',
    agentNotFoundText: 'El agente que buscas no existe o ya no está disponible.',
    ecosystemNotFound: 'Ecosistema no encontrado',
    ecosystemNotFoundText: 'El ecosistema que buscas no existe o ya no está disponible.',
    ecosystemAgents: 'Agentes del ecosistema',
    ecosystemNoAgents: 'Este ecosistema todavía no tiene agentes.',
    discount: 'Descuento',
    discountValue: (discount: number) => `-${discount.toLocaleString('es-ES')} %`,
    finalPrice: 'Precio con descuento',
    separatePrice: 'Por separado',
    tags: 'Etiquetas',
    featured: 'Destacado',
  },
  noRatings: 'Sin valoraciones',
  ratingWithCount: (rating: number, count: number) =>
    `${rating.toLocaleString('es-ES', { maximumFractionDigits: 1 })} / 5 (${count === 1 ? '1 valoración' : `${thousands(count)} valoraciones`})`,
  reviews: {
    title: 'Valoraciones',
    none: 'Sin valoraciones',
    noneYet: 'Nadie ha valorado este agente todavía.',
    average: (average: number) => `${average.toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} de 5`,
    count: (count: number) => (count === 1 ? '1 valoración' : `${thousands(count)} valoraciones`),
    histogramLabel: 'Reparto de las valoraciones',
    histogramRow: (stars: number, count: number) => `${stars} ${stars === 1 ? 'estrella' : 'estrellas'}: ${count}`,
    starsLabel: (stars: number) => `${stars.toLocaleString('es-ES', { maximumFractionDigits: 1 })} de 5 estrellas`,
    edited: 'editada',
    reply: 'Respuesta del creador',
    replyAction: 'Responder',
    editReply: 'Editar respuesta',
    replyLabel: 'Tu respuesta pública',
    replySave: 'Publicar respuesta',
    replySaved: 'Respuesta publicada',
    cancel: 'Cancelar',
    formTitle: 'Valora este agente',
    formIntro: 'Puedes valorarlo si lo has usado: al menos una conversación o una suscripción.',
    yourRating: 'Tu valoración',
    comment: 'Comentario (opcional)',
    commentTooLong: (max: number) => `El comentario no puede superar los ${max} caracteres.`,
    ratingRequired: 'Elige de 1 a 5 estrellas.',
    submit: 'Publicar valoración',
    submitted: 'Valoración publicada',
    replaced: 'Valoración actualizada',
    deleteMine: 'Borrar mi valoración',
    deleted: 'Valoración borrada',
    signInToReview: 'Inicia sesión para valorar este agente.',
    ownAgent: 'Es tu agente: aquí verás las valoraciones de quienes lo usen y podrás responderlas.',
    loadError: 'No se han podido cargar las valoraciones.',
    retry: 'Reintentar',
    pages: 'Páginas de valoraciones',
    report: 'Denunciar',
    reportReview: 'Denunciar valoración',
    reportAgent: 'Denunciar agente',
    reportTitleAgent: 'Denunciar este agente',
    reportTitleReview: 'Denunciar esta valoración',
    reportReason: 'Motivo',
    reportDetails: 'Detalles (opcional)',
    reportSend: 'Enviar denuncia',
    reportSent: 'Denuncia enviada. La revisará el equipo de administración.',
    reasons: {
      spam: 'Spam o publicidad',
      offensive: 'Ofensivo o abusivo',
      misleading: 'Engañoso',
      illegal: 'Ilegal',
      other: 'Otro motivo',
    },
    genericError: 'No se ha podido completar la acción. Inténtalo de nuevo.',
  },
  creator: {
    notFound: 'Creador no encontrado',
    notFoundText: 'No hay ningún creador con ese nombre.',
    memberSince: (date: string) => `Miembro desde ${date}`,
    agents: 'Sus agentes',
    ecosystems: 'Sus ecosistemas',
    noAgents: 'Todavía no tiene agentes públicos.',
    noEcosystems: 'Todavía no tiene ecosistemas públicos.',
    ratingTitle: 'Valoración de sus agentes',
    viewCreator: (name: string) => `Ver la página de ${name}`,
  },
  popular: {
    title: 'Agentes más populares',
    seeAll: 'Ver todo el marketplace',
  },
} as const;

const wholeEuros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** '120 €' for whole amounts, '49,90 €' otherwise. */
const priceFormat = { format: (value: number) => (Number.isInteger(value) ? wholeEuros : withCents).format(value) };

/** Prices are in euros; 0 reads 'Gratis'. */
export function formatPrice(value: number): string {
  return priceFormat.format(value);
}

export function priceLabel(value: number): string {
  return value > 0 ? formatPrice(value) : marketplaceStrings.free;
}
