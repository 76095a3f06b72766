export const checkoutStrings = {
  title: '¡Gracias por tu compra!',
  lead: (product: string) =>
    `Tu pago se ha completado. En unos segundos tu suscripción aparecerá activa en ${product} y podrás chatear con tus nuevos agentes.`,
  reference: 'Referencia del pago',
  subscribedTo: (names: string[]) => `Suscripciones activadas: ${names.join(', ')}.`,
  next: 'Recibirás el justificante de pago por correo electrónico. Lo que has comprado ya está en Mi Oficina, y tus suscripciones, en Mis compras.',
  chat: 'Chatear',
  chatWith: (name: string) => `Chatear con ${name}`,
  office: 'Ir a Mi Oficina',
  marketplace: 'Volver al marketplace',
  help: '¿Algún problema con el pago?',
  contact: 'Escribe a facturación',
  noPurchase: {
    title: 'No hay ningún pago que confirmar',
    lead: 'Esta página confirma los pagos al volver de la pasarela de pago, y no ha recibido ninguno. Tus suscripciones están en Mi perfil › Suscripciones.',
  },
} as const;
