/** '28 de diciembre de 2026', as the server writes it in its refusals. */
export function deletionDate(iso: string): string {
  return new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Madrid' }).format(new Date(iso));
}

export const accountDeletionStrings = {
  title: 'Eliminar mi cuenta',
  intro:
    'Se cerrarán todas tus sesiones, tus claves de API dejarán de funcionar, tus agentes públicos saldrán del marketplace y tus suscripciones no se renovarán. A los 30 días se borrará todo; hasta entonces puedes cancelarlo.',
  privacyLink: 'Qué se borra y qué se conserva',
  start: 'Eliminar mi cuenta',
  confirmHint: 'Para confirmarlo, escribe tu correo electrónico y tu contraseña.',
  email: 'Correo electrónico',
  password: 'Contraseña',
  mfaCode: 'Código de tu aplicación de autenticación',
  emailCode: 'Código que te hemos enviado por correo',
  confirm: 'Eliminar mi cuenta',
  back: 'No, volver',
  required: 'Este campo es obligatorio.',
  failed: 'No se pudo solicitar la eliminación. Vuelve a intentarlo.',
  scheduled: (date: string) => `Tu cuenta se eliminará el ${date}.`,
  signedOutEverywhere: 'Hemos cerrado tu sesión en todos tus dispositivos. Si cambias de opinión, vuelve a iniciar sesión y pulsa «Cancelar la eliminación».',
  signOut: 'Cerrar sesión',
  cancel: 'Cancelar la eliminación',
  cancelFailed: 'No se pudo cancelar la eliminación. Vuelve a intentarlo.',
} as const;
