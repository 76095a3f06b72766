export const uiStrings = {
  close: 'Cerrar',
  notifications: 'Notificaciones',
  closeNotification: 'Cerrar notificación',
  copyCode: 'Copiar código',
  copied: 'Copiado',
  /** An answer's sources: the passages of the agent's documents it was given (issue 32). */
  sources: {
    button: 'Fuentes',
    count: (count: number) => (count === 1 ? '1 fragmento de los documentos del agente' : `${count} fragmentos de los documentos del agente`),
    page: (page: number) => `página ${page}`,
  },
} as const;
