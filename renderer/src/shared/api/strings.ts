// Texts the API client shows to users. The two English ones are the spec's exact error texts.
export const apiStrings = {
  timeout: 'La solicitud ha tardado demasiado. Inténtalo de nuevo.',
  network: 'No se pudo conectar con el servidor.',
  aborted: 'La solicitud se ha cancelado.',
  notJson: 'Response is not JSON',
  httpError: (status: number, statusText: string): string =>
    statusText ? `Error ${status}: ${statusText}` : `Error ${status}`,
} as const;
