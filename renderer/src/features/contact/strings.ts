import type { ContactSection } from './api/contactQueries';

/** The server's sections, in the order the page offers them (`sections` below must name each). */
export const CONTACT_SECTIONS = ['general', 'soporte', 'ventas', 'facturacion', 'privacidad', 'prensa'] as const satisfies readonly ContactSection[];

export const contactStrings = {
  title: 'Centro de contacto',
  lead: (product: string) =>
    `Escríbenos y te responderemos por correo electrónico. Elige la sección que mejor encaje con tu consulta para que la reciba el equipo de ${product} adecuado.`,
  sectionsLabel: 'Secciones de contacto',
  sections: {
    general: { label: 'General', description: 'Preguntas sobre la plataforma, sugerencias o cualquier tema que no encaje en otra sección.' },
    soporte: { label: 'Soporte', description: 'Problemas con tu cuenta, tus agentes, el chat o cualquier error de la aplicación.' },
    ventas: { label: 'Ventas', description: 'Planes para equipos y empresas, ecosistemas a medida y publicación de agentes como API.' },
    facturacion: { label: 'Facturación', description: 'Cobros, facturas, cambios de método de pago, pausas y cancelaciones de suscripciones.' },
    privacidad: { label: 'Privacidad', description: 'Ejercer tus derechos de acceso, rectificación, supresión, oposición o portabilidad de tus datos.' },
    prensa: { label: 'Prensa', description: 'Entrevistas, material de prensa y colaboraciones con medios.' },
  } satisfies Record<ContactSection, { label: string; description: string }>,
  name: 'Nombre',
  email: 'Correo electrónico',
  subject: 'Asunto',
  message: 'Mensaje',
  /** The shortest message the server takes, once its limits have arrived. */
  messageDescription: (min: number | null) =>
    min === null ? 'Cuéntanos con detalle en qué podemos ayudarte.' : `Cuéntanos con detalle en qué podemos ayudarte (mínimo ${min} caracteres).`,
  honeypot: 'Sitio web (déjalo vacío)',
  submit: 'Enviar mensaje',
  sending: 'Enviando…',
  errors: {
    name: 'Escribe tu nombre.',
    email: 'Escribe un correo electrónico válido.',
    subject: 'Escribe el asunto.',
    message: (min: number) => `El mensaje debe tener al menos ${min} caracteres.`,
  },
  sentTitle: 'Mensaje enviado',
  sendAnother: 'Enviar otro mensaje',
  failedTitle: 'No se pudo enviar el mensaje',
  fallbackError: 'No se pudo enviar el mensaje. Inténtalo de nuevo más tarde.',
  supportHint: 'Antes de escribir, quizá tu respuesta ya esté en el',
  supportLink: 'centro de soporte',
  privacyNote: 'Usaremos tus datos solo para responder a tu mensaje. Más información en la',
  privacyLink: 'política de privacidad',
} as const;
