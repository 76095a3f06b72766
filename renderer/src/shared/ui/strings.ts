export const uiStrings = {
  close: 'Cerrar',
  notifications: 'Notificaciones',
  closeNotification: 'Cerrar notificación',
} as const;
