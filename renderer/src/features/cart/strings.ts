export const cartStrings = {
  title: 'Carrito de compra',
  link: (count: number) => `Carrito (${count})`,
  linkLabel: (count: number) => (count === 1 ? 'Carrito: 1 agente' : `Carrito: ${count} agentes`),
  add: 'Añadir al carrito',
  inCart: 'En el carrito',
  // Accessible names start with the visible text, then say which agent (WCAG 2.5.3).
  addLabel: (name: string) => `Añadir al carrito: ${name}`,
  inCartLabel: (name: string) => `En el carrito: ${name}`,
  remove: 'Quitar',
  removeLabel: (name: string) => `Quitar: ${name}`,
  clear: 'Vaciar carrito',
  added: 'Agente añadido al carrito',
  duplicate: 'Este agente ya está en el carrito',
  removed: 'Agente quitado del carrito',
  empty: 'Tu carrito está vacío.',
  explore: 'Explorar el marketplace',
  back: 'Volver al marketplace',
  total: 'Total',
  items: (count: number) => (count === 1 ? '1 agente' : `${count} agentes`),
  loading: 'Cargando el carrito...',
  loadError: 'Error al cargar los datos del marketplace',
  retry: 'Reintentar',
  agentNotFound: 'Agente no encontrado',
  free: 'Gratis',
  /** A visitor's way to pay: sign in, then back to this cart (kept in this browser). */
  signInToPay: 'Inicia sesión para pagar',
  signInToPayHint: 'Tu carrito se guarda mientras inicias sesión.',
} as const;

const wholeEuros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** '120 €' for whole amounts, '49,90 €' otherwise. */
const priceFormat = { format: (value: number) => (Number.isInteger(value) ? wholeEuros : withCents).format(value) };

export function cartPrice(value: number): string {
  return value > 0 ? priceFormat.format(value) : cartStrings.free;
}

export function cartTotal(value: number): string {
  return priceFormat.format(value);
}
