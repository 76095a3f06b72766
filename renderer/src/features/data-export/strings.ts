/** The Spanish texts of 'Descargar mis datos' in 'Mi perfil'. */
export const dataExportStrings = {
  title: 'Tus datos',
  description:
    'Descarga una copia de todo lo que guardamos de ti: tu perfil, tus conversaciones, tus agentes con sus prompts y documentos, tu equipo, tus suscripciones y pagos, tus claves de API y tus valoraciones. La preparamos en segundo plano y te avisamos por correo cuando esté lista.',
  request: 'Descargar mis datos',
  preparing: 'Preparando tu exportación…',
  preparingHint: 'Puede tardar unos minutos. Puedes seguir usando la aplicación: te avisaremos por correo.',
  ready: (until: string) => `Tu exportación está lista. Puedes descargarla hasta el ${until}.`,
  download: 'Descargar el archivo ZIP',
  downloading: 'Descargando…',
  failed: 'No hemos podido preparar tu exportación. Vuelve a pedirla dentro de unos minutos.',
  expired: 'El enlace de tu última exportación caducó. Puedes pedir una nueva.',
  onePerDay: 'Puedes pedir una exportación al día.',
  loadError: 'No hemos podido comprobar tu exportación. Inténtalo de nuevo.',
  fileName: 'mis-datos.zip',
} as const;
