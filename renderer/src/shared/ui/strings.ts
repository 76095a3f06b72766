export const uiStrings = {
  close: 'Cerrar',
  notifications: 'Notificaciones',
  closeNotification: 'Cerrar notificación',
  copyCode: 'Copiar código',
  copied: 'Copiado',
} as const;
