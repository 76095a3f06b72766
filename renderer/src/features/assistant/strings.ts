/** Seshat's texts. The assistant's and the product's names come from the runtime configuration. */
export const assistantStrings = {
  openerLabel: (assistant: string) => `Abrir el asistente ${assistant}`,
  closeLabel: (assistant: string) => `Cerrar el asistente ${assistant}`,
  unread: (count: number) => (count === 1 ? '1 mensaje sin leer' : `${count} mensajes sin leer`),
  panelLabel: (assistant: string) => `Asistente ${assistant}`,
  online: 'En línea',
  offline: 'Modo offline',
  support: 'Centro de soporte',
  expand: 'Ampliar el asistente',
  collapse: 'Reducir el asistente',
  close: 'Cerrar',
  dragHint: 'Arrastra la cabecera para mover el asistente',
  welcomeOnline: (assistant: string, product: string) =>
    `¡Hola! Soy **${assistant}**, el asistente de ${product}. Puedo ayudarte a crear tu primer agente, explicarte los planes o guiarte por el marketplace. ¿Qué necesitas?`,
  welcomeOffline: (assistant: string, product: string) =>
    `¡Hola! Soy **${assistant}**, el asistente de ${product}. Ahora mismo estoy en **modo offline**, con funcionalidad limitada: te respondo con los artículos del centro de soporte. Para algo más, escríbenos desde la página de contacto.`,
  /** Spec section 8: the text, exactly, when a send fails. */
  connectionError: 'Lo siento, hay problemas de conexión. He cambiado a modo offline.',
  inputLabel: 'Escribe tu mensaje',
  inputPlaceholder: 'Escribe tu pregunta y pulsa Enter…',
  send: 'Enviar mensaje',
  typing: (assistant: string) => `${assistant} está escribiendo…`,
  suggestionsLabel: 'Preguntas sugeridas',
  articlesLabel: 'Artículos relacionados',
  contactFooter: '¿Prefieres hablar con una persona?',
  contactLink: 'Escríbenos',
  you: 'Tú',
  messagesLabel: 'Conversación con el asistente',
  /** Always offered (spec section 2); the server's suggestions are added after them. */
  defaultSuggestions: ['¿Cómo creo un agente?', '¿Cuáles son los planes?', '¿Cómo funciona el marketplace?'],
  genericError: 'No se pudo enviar el mensaje. Inténtalo de nuevo.',
  pageTitle: (assistant: string) => `Chat con ${assistant}`,
  pageLead: (assistant: string, product: string) =>
    `Pregunta a ${assistant} lo que necesites sobre ${product}: crear agentes, planes y pagos, el marketplace o tu cuenta. No hace falta iniciar sesión.`,
} as const;

/**
 * The page titles the assistant uses as context (spec section 2), in Spanish, by path. The hint is
 * what it offers once per page, 1200 ms after the panel opens.
 */
export const pageContexts = {
  home: {
    title: 'Inicio',
    hint: 'Estás en la página de **Inicio**. Si es tu primera visita, puedo explicarte cómo crear tu primer agente o qué incluye cada plan.',
  },
  login: {
    title: 'Inicio de sesión',
    hint: 'Estás en **Inicio de sesión**. Si no recuerdas tu contraseña, usa «¿Has olvidado tu contraseña?» y te enviaremos un código por correo.',
  },
  register: {
    title: 'Registro',
    hint: 'Estás en **Registro**. Tras crear la cuenta te enviaremos un código de verificación a tu correo; revisa también la carpeta de spam.',
  },
  chat: {
    title: 'Chat con agentes',
    hint: 'Estás en **Chat con agentes**. Puedo explicarte cómo elegir un agente, cambiar de conversación o crear un flujo de varios agentes.',
  },
  marketplace: {
    title: 'Marketplace de agentes',
    hint: 'Estás en el **Marketplace de agentes**. Puedo ayudarte a filtrar por categoría o precio, o explicarte la diferencia entre un agente y un ecosistema.',
  },
  office: {
    title: 'Mi Oficina',
    hint: 'Estás en **Mi Oficina**. Aquí gestionas tu equipo de agentes y ecosistemas; pregúntame cómo añadir o quitar alguno.',
  },
  contact: {
    title: 'Centro de contacto',
    hint: 'Estás en el **Centro de contacto**. Elige la sección que mejor encaje con tu consulta para que te responda la persona adecuada.',
  },
  support: {
    title: 'Centro de soporte',
    hint: 'Estás en el **Centro de soporte**. Busca por palabras clave o pregúntame directamente y te enlazo el artículo adecuado.',
  },
  other: {
    title: 'Otra página',
    hint: '¿Necesitas ayuda con esta página? Pregúntame lo que quieras o consulta el centro de soporte.',
  },
} as const;
