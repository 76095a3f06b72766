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
  /** An answer's tool calls (issue 33), each folded with its arguments and result. */
  toolCalls: {
    call: (tool: string) => `Herramienta: ${tool}`,
    calls: 'Herramientas usadas',
    arguments: 'Argumentos',
    result: 'Resultado',
    running: 'Usando la herramienta…',
    awaiting: 'Esperando tu permiso',
  },
} as const;
