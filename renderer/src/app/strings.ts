/** The app shell's texts (layout, navigation, guards). Feature texts live in each feature. */
export const appStrings = {
  navigation: {
    marketplace: 'Marketplace',
    myOffice: 'Mi Oficina',
    flowEditor: 'Editor de Flujos',
    comingSoon: 'Próximamente disponible',
    label: 'Navegación principal',
  },
  sidebar: {
    label: 'Menú lateral',
    open: 'Abrir menú lateral',
    close: 'Cerrar menú lateral',
    signIn: 'Iniciar sesión',
    register: 'Crear cuenta',
    visitorHint: 'Inicia sesión para guardar tus conversaciones y formar tu equipo de agentes.',
  },
  footer: {
    disclaimer: (product: string) =>
      `${product} y sus agentes pueden dar información incorrecta, también sobre temas médicos o legales. Verifica la información importante y consulta a un profesional cuando haga falta.`,
    privacy: 'Privacidad',
    terms: 'Términos',
    cookies: 'Cookies',
    legal: 'Aviso legal',
    support: 'Centro de soporte',
    contact: 'Contacto',
  },
  admin: {
    label: 'Administración',
    greeting: (name: string) => `Hola, ${name}`,
    dashboard: 'Dashboard',
    users: 'Usuarios',
    agents: 'Agentes',
    balances: 'Saldos y movimientos',
    backToChat: 'Volver al Chat',
    signOut: 'Cerrar Sesión',
  },
  screens: {
    backToOffice: 'Volver a Mi Oficina',
    chatWithAgent: 'Chatear con el agente',
    editAgent: 'Editar agente',
  },
  loading: 'Cargando…',
} as const;
