export const noticeStrings = {
  beta: (product: string) =>
    `${product} está en fase beta: algunas funciones pueden cambiar y el asistente puede equivocarse.`,
  dismiss: 'Cerrar aviso de beta',
} as const;
