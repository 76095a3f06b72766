export const consentStrings = {
  bannerLabel: 'Aviso de cookies',
  message:
    'Utilizamos cookies propias y de terceros para analizar el uso del sitio y mostrarte publicidad relacionada con tus preferencias. Puedes aceptarlas o rechazarlas.',
  moreInfo: 'Más información',
  accept: 'Aceptar',
  decline: 'Rechazar',
} as const;
