/** Every Spanish text of the payment-methods screens, in one place so that a language can be added. */
export const paymentsStrings = {
  title: 'Métodos de pago',
  lead: 'Tus tarjetas guardadas. La predeterminada es la que se usa para tus suscripciones.',
  demoNotice: 'Modo demostración: no se realiza ningún cargo',
  demoHint: 'Usa una tarjeta de prueba: 4242 4242 4242 4242 (Visa) o 5555 5555 5555 4444 (Mastercard) se aceptan; 4000 0000 0000 0002 y 4000 0000 0000 9995 se rechazan.',
  loading: 'Cargando tus tarjetas…',
  loadError: 'No pudimos cargar tus tarjetas. Inténtalo de nuevo.',
  retry: 'Reintentar',
  empty: 'Todavía no tienes ninguna tarjeta guardada.',
  listLabel: 'Tarjetas guardadas',
  cardName: (brand: string, last4: string) => `${brandLabel(brand)} terminada en ${last4}`,
  expires: (month: number, year: number) => `Caduca ${String(month).padStart(2, '0')}/${String(year).slice(-2)}`,
  defaultBadge: 'Predeterminada',
  setDefault: 'Usar como predeterminada',
  setDefaultLabel: (card: string) => `Usar como predeterminada: ${card}`,
  setDefaultDone: 'Tarjeta predeterminada actualizada',
  remove: 'Eliminar',
  removeLabel: (card: string) => `Eliminar: ${card}`,
  removeTitle: 'Eliminar tarjeta',
  removeConfirm: (card: string) => `¿Seguro que quieres eliminar la tarjeta ${card}? Las suscripciones que la usan necesitarán otra tarjeta predeterminada.`,
  removeDone: 'Tarjeta eliminada',
  cancel: 'Cancelar',
  addTitle: 'Añadir tarjeta',
  cardNumber: 'Número de tarjeta',
  cardNumberPlaceholder: '4242 4242 4242 4242',
  expiry: 'Caducidad',
  expiryPlaceholder: 'MM/AA',
  cvc: 'CVC',
  cvcPlaceholder: '123',
  cardElementLabel: 'Datos de la tarjeta',
  loadingForm: 'Cargando el formulario de pago seguro…',
  save: 'Guardar tarjeta',
  added: 'Tarjeta guardada',
  errors: {
    notTestCard: 'En modo demostración usa una tarjeta de prueba, por ejemplo 4242 4242 4242 4242.',
    expiry: 'Escribe la caducidad como MM/AA, con una fecha futura.',
    cvc: 'El CVC tiene 3 o 4 cifras.',
    stripeUnavailable: 'No se pudo cargar el formulario de pago seguro. Comprueba tu conexión y vuelve a intentarlo.',
    cardIncomplete: 'Completa los datos de la tarjeta.',
  },
  stripeNote: 'Los datos de tu tarjeta van directamente a Stripe; nunca pasan por nuestros servidores.',
} as const;

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function brandLabel(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Tarjeta');
}
