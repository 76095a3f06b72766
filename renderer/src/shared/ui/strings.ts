export const uiStrings = {
  close: 'Cerrar',
  notifications: 'Notificaciones',
  closeNotification: 'Cerrar notificación',
  copyCode: 'Copiar código',
  copied: 'Copiado',
  /** An answer's sources: the passages it was given, of the agent's documents or of the user's attached files (issue 32). */
  sources: {
    button: 'Fuentes',
    count: (count: number) => (count === 1 ? '1 fragmento de documentos citado' : `${count} fragmentos de documentos citados`),
    page: (page: number) => `página ${page}`,
  },
} as const;
