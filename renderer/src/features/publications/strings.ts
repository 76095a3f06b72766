import { countOf } from '../../shared/plural';

/**
 * Every Spanish text of the 'Publicar como API' tab. The error texts the spec stores in the panel's
 * error field are in English (spec section 8) and live in state/publicationErrors.ts; the screen
 * shows the Spanish sentence of `errors` beside them.
 */
export const publicationsStrings = {
  tabLabel: 'Publicar como API',
  title: 'Publicar como API',
  intro:
    'Publica este agente como una API HTTP para usarlo desde tu propio software: con una llamada directa, con cualquier cliente compatible con OpenAI, como herramienta MCP o como agente A2A.',
  loading: 'Cargando la publicación…',
  retry: 'Reintentar',
  genericError: 'Ocurrió un error',
  closeAlert: 'Cerrar aviso',
  notPublished: 'Este agente todavía no está publicado como API.',
  publish: 'Publicar como API',
  publishing: 'Publicando…',
  published: 'Agente publicado como API.',
  defaultKeyName: 'Clave por defecto',

  status: {
    title: 'Estado',
    enabled: 'Publicación activa',
    enabledHint: 'Si la desactivas, las llamadas a esta API se rechazan hasta que la vuelvas a activar.',
    enabledOn: 'La API vuelve a aceptar llamadas.',
    enabledOff: 'La API ya no acepta llamadas.',
    updateFailed: 'No se pudo guardar el cambio.',
    unpublish: 'Dejar de publicar',
    unpublishTitle: 'Dejar de publicar',
    unpublishConfirm:
      '¿Seguro que quieres dejar de publicar este agente como API? Todas sus claves dejarán de funcionar al instante y las aplicaciones que lo usan recibirán un error.',
    unpublishAction: 'Dejar de publicar',
    unpublishing: 'Eliminando…',
    unpublished: 'El agente ya no está publicado como API.',
    cancel: 'Cancelar',
  },

  version: {
    title: 'Versión del prompt',
    label: 'Versión que responde',
    hint: 'Fija una versión para que la API no cambie al editar el prompt, o deja «Versión actual» para que siga siempre a la versión actual.',
    current: 'Versión actual',
    option: (version: number, name: string) => `Versión ${version} · ${name}`,
    currentNow: '(actual ahora)',
    saved: (label: string) => `La API responde ahora con: ${label}.`,
    loadFailed: 'No se pudieron cargar las versiones del prompt.',
    retryLabel: 'Reintentar: versiones del prompt',
  },

  endpoints: {
    title: 'Direcciones',
    invoke: 'Invocar el agente',
    chatCompletions: 'Compatible con OpenAI (chat completions)',
    openaiBase: 'URL base para clientes de OpenAI',
    models: 'Modelos (OpenAI)',
    mcp: 'Servidor MCP (HTTP)',
    a2aAgentCard: 'Agent Card A2A',
    openapi: 'Documento OpenAPI',
    modelHint: (agentId: string) => `En los clientes compatibles con OpenAI, el modelo es el id del agente: ${agentId}`,
  },

  copy: {
    copy: 'Copiar',
    copied: 'Copiado',
    copyLabel: (what: string) => `Copiar: ${what}`,
  },

  keys: {
    title: 'Claves de API',
    intro:
      'Cada clave se envía en la cabecera Authorization: Bearer <clave>. Puedes limitar cada clave por minuto y por mes; las consultas al modelo de todas tus claves juntas tienen además un máximo por minuto del servidor.',
    empty: 'No hay ninguna clave. Crea una para poder llamar a la API.',
    tableLabel: 'Claves de API',
    columns: {
      name: 'Nombre',
      prefix: 'Empieza por',
      limits: 'Límites',
      createdAt: 'Creada',
      lastUsedAt: 'Último uso',
      expiresAt: 'Caduca',
      confirmedTools: 'Herramientas con confirmación',
      actions: 'Acciones',
    },
    never: 'Nunca',
    noExpiry: 'No caduca',
    noLimits: 'Sin límites propios',
    limitPerMinute: (value: number) => `${countOf(value, 'petición', 'peticiones')}/min`,
    limitRequestsMonth: (value: number) => `${countOf(value, 'petición', 'peticiones')}/mes`,
    limitTokensMonth: (value: number) => `${countOf(value, 'token', 'tokens')}/mes`,
    revoke: 'Revocar',
    revokeLabel: (name: string) => `Revocar la clave «${name}»`,
    revokeTitle: 'Revocar clave',
    revokeConfirm: (name: string) =>
      `¿Seguro que quieres revocar la clave «${name}»? Las llamadas que la usen se rechazarán al instante. Esta acción no se puede deshacer.`,
    revokeAction: 'Revocar',
    revoking: 'Revocando…',
    revoked: (name: string) => `Clave «${name}» revocada.`,
    createTitle: 'Nueva clave',
    name: 'Nombre de la clave',
    namePlaceholder: 'Por ejemplo: Servidor de producción',
    nameRequired: 'Pon un nombre a la clave.',
    nameTooLong: (max: number) => `El nombre no puede superar los ${max} caracteres.`,
    rateLimitPerMinute: 'Peticiones por minuto',
    monthlyRequestQuota: 'Peticiones al mes',
    monthlyTokenQuota: 'Tokens al mes',
    expiresAt: 'Caduca el',
    optionalHint: 'Opcional. Vacío: sin límite.',
    /** Without a number of its own a key is held to the deployment's most (API_KEY_RATE_LIMIT_MAX, served in GET /api/config). */
    rateLimitHint: (max: number | null) =>
      max === null
        ? 'Opcional. Vacío: sin límite propio; se aplica el máximo del servidor.'
        : `Opcional. Vacío: sin límite propio, hasta ${max.toLocaleString('es-ES')}/min.`,
    expiresHint: 'Opcional. Vacío: no caduca.',
    allowConfirmedTools: 'Permitir herramientas que piden confirmación',
    allowConfirmedToolsHint:
      'Las llamadas con esta clave podrán usar sin preguntar las herramientas del agente marcadas «Pide confirmación». Sin esto, el agente sabrá que no puede usarlas.',
    confirmedToolsAllowed: 'Permitidas',
    confirmedToolsRefused: 'No permitidas',
    limitInvalid: (min: number) => `Escribe un número entero mayor que ${min - 1}.`,
    limitTooLarge: (max: number) => `Escribe un número entero que no supere ${max.toLocaleString('es-ES')}.`,
    expiryInPast: 'La fecha de caducidad debe ser posterior a hoy.',
    create: 'Crear clave',
    creating: 'Creando…',
    created: (name: string) => `Clave «${name}» creada.`,
  },

  secret: {
    title: 'Tu nueva clave de API',
    intro: (name: string) => `Esta es la clave «${name}». Úsala en la cabecera Authorization: Bearer <clave>.`,
    warning: 'Copia la clave ahora y guárdala en un lugar seguro: no se volverá a mostrar.',
    label: 'Clave secreta',
    copy: 'Copiar la clave',
    done: 'He guardado la clave',
  },

  examples: {
    title: 'Ejemplos listos para copiar',
    placeholderNote: 'Sustituye TU_CLAVE_DE_API por una de tus claves.',
    secretNote: 'Los ejemplos llevan la clave que acabas de crear; no se volverá a mostrar cuando salgas de esta página.',
    tabsLabel: 'Lenguaje del ejemplo',
    curl: 'curl',
    fetch: 'JavaScript (fetch)',
    requests: 'Python (requests)',
    openaiJs: 'openai (JavaScript)',
    openaiPython: 'openai (Python)',
    mcp: 'Cliente MCP (configuración)',
    codeLabel: (language: string) => `Ejemplo: ${language}`,
    sampleInput: '¿Qué puedes hacer por mí?',
    keyPlaceholder: 'TU_CLAVE_DE_API',
  },

  usage: {
    title: 'Uso',
    intro: 'Llamadas por día y por clave.',
    empty: 'Todavía no hay llamadas registradas.',
    loadFailed: 'No se pudo cargar el uso.',
    metricLabel: 'Qué mostrar',
    metrics: { requests: 'Peticiones', tokens: 'Tokens', errors: 'Errores' },
    chartLabel: (metric: string) => `Gráfico de barras: ${metric.toLowerCase()} por día y por clave. Las cifras están en la tabla de abajo.`,
    tableLabel: 'Uso por día y por clave',
    columns: {
      date: 'Día',
      key: 'Clave',
      requests: 'Peticiones',
      errors: 'Errores',
      inputTokens: 'Tokens de entrada',
      outputTokens: 'Tokens de salida',
      avgLatency: 'Latencia media',
    },
    latency: (ms: number) => `${Math.round(ms).toLocaleString('es-ES')} ms`,
    revokedKey: (keyId: string) => `Clave revocada (${keyId.slice(0, 8)})`,
  },

  /** The Spanish sentence shown beside each of the spec's publication error texts. */
  errors: {
    fetchPublications: 'No se pudieron cargar las publicaciones del agente.',
    createPublication: 'No se pudo crear la publicación.',
    deletePublication: 'No se pudo eliminar la publicación.',
    fetchKeys: 'No se pudieron cargar las claves de API.',
    createKey: 'No se pudo crear la clave de API.',
    deleteKey: 'No se pudo revocar la clave de API.',
  },
} as const;
