import { countOf } from '../../shared/plural';

/** A model cost given in cents, in euros (fractions of a cent kept: one call costs little). */
const euros = (cents: number) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(cents / 100);

/** '1 token de entrada · 250 de salida'. */
const tokensText = (input: number, output: number) => `${countOf(input, 'token de entrada', 'tokens de entrada')} · ${output.toLocaleString('es-ES')} de salida`;

/** The collaboration feature's texts (spec sections 2, 4 and 5). */
export const collaborationStrings = {
  flowTitle: 'Flujo de Agentes',
  /** Spec section 5, exactly as it writes it. */
  noAgents: 'No agents selected for collaboration',
  noAgentsHint: 'Selecciona al menos un agente de tu equipo para que colaboren.',
  picker: {
    legend: 'Agentes que colaboran',
    emptyTeam: 'Tu equipo no tiene agentes todavía. Añádelos desde el Marketplace.',
    toMarketplace: 'Ir al Marketplace',
    selected: (count: number) => (count === 1 ? '1 agente seleccionado' : `${count} agentes seleccionados`),
  },
  templates: {
    label: 'Plantilla de flujo (opcional)',
    none: 'Elegir agentes a mano',
    hint: 'La plantilla decide qué agentes trabajan y en qué orden.',
    loading: 'Cargando las plantillas de flujo…',
    loadError: 'No se pudieron cargar las plantillas de flujo.',
  },
  composer: {
    label: 'Tu pregunta para el equipo',
    placeholder: 'Describe la tarea y el flujo de agentes la resolverá.',
    send: 'Preguntar al equipo',
    emptyQuery: 'Escribe una pregunta antes de enviarla.',
  },
  status: {
    idle: 'En espera',
    processing: 'Trabajando',
    completed: 'Completada',
    failed: 'Ha fallado',
    cancelled: 'Cancelada',
  } as Record<string, string>,
  progress: {
    title: 'Progreso del equipo',
    log: 'Pasos de la colaboración',
    coordinator: (name: string) => `Coordina: ${name}`,
    working: (names: string) => `Trabajando: ${names}`,
    assignments: 'Tareas asignadas',
    waiting: 'Esperando al primer paso…',
    cancel: 'Cancelar',
    cancelling: 'Cancelando…',
    tokens: (input: number, output: number) => tokensText(input, output),
    cost: (cents: number) => ` · ${euros(cents)}`,
  },
  steps: {
    start: 'Inicio',
    started: 'Inicio',
    'agent-working': 'Trabajando',
    'agent-failed': 'Sin respuesta',
    topic: 'Tema',
    coordinator: 'Coordinador',
    assignment: 'Asignación',
    'agent-response': 'Respuesta',
    synthesis: 'Síntesis',
    completed: 'Completada',
    failed: 'Fallo',
    cancelled: 'Cancelada',
  } as Record<string, string>,
  result: {
    title: 'Respuesta del equipo',
    contributions: 'Aportación de cada agente',
    contributionOf: (name: string) => `Aportación de ${name}`,
    by: (names: string) => `Con la aportación de: ${names}`,
    noAnswer: (reason: string) => `No respondió: ${reason}`,
    tokens: (input: number, output: number) => tokensText(input, output),
    cost: (cents: number) => ` · ${euros(cents)}`,
    coordinatorLabel: 'coordinador',
    replay: 'Repetir',
    replaying: 'Repitiendo…',
    saveEcosystem: 'Guardar como ecosistema',
    ecosystemName: 'Nombre del ecosistema',
    save: 'Guardar',
    cancel: 'Cancelar',
    saved: (name: string) => `Ecosistema «${name}» guardado en Mi Oficina`,
    nameRequired: 'El nombre no puede estar vacío',
    compareTitle: 'Comparación de ejecuciones',
    original: 'Ejecución original',
    replayRun: 'Repetición',
    failed: 'La colaboración ha fallado',
    cancelled: 'Has cancelado la colaboración.',
  },
  errors: {
    start: 'No se pudo iniciar la colaboración',
    load: 'No se pudo cargar la sesión de colaboración',
    cancel: 'No se pudo cancelar la colaboración',
    replay: 'No se pudo repetir la colaboración',
    save: 'No se pudo guardar el ecosistema',
    conversation: 'No se pudo abrir la conversación',
    stream: 'Se perdió la conexión con la colaboración; mostramos el último estado guardado.',
    retry: 'Reintentar',
  },
  startTeam: {
    title: 'Chat de equipo',
    intro: 'Elige los agentes de Mis Agentes que trabajarán juntos y empieza una conversación de flujo.',
    start: 'Empezar chat de equipo',
  },
  ecosystem: {
    chat: 'Chatear con el ecosistema',
    noAgents: 'Este ecosistema no tiene agentes: necesita al menos uno para chatear.',
    title: (name: string) => `Chat con ${name}`,
    team: (names: string) => `Agentes del ecosistema: ${names}`,
    welcome: 'Pregunta y los agentes del ecosistema responderán juntos.',
  },
  you: 'Tú',
};
