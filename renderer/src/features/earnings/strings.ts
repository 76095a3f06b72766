/** 'Mis ingresos' (issue 14: creators get paid). */
export const earningsStrings = {
  tab: 'Mis ingresos',
  title: 'Mis ingresos',
  lead: 'Suscriptores, ingresos mensuales, comisión de la plataforma y pagos de cada uno de tus agentes.',
  demoNotice: 'Modo demostración: no se realiza ningún cargo',
  demoHint: 'Los ingresos se anotan igual que con Stripe, pero no se mueve dinero.',
  loading: 'Cargando tus ingresos…',
  loadError: 'No se pudieron cargar tus ingresos.',
  retry: 'Reintentar',
  account: {
    title: 'Cuenta de cobro',
    none: 'Conecta una cuenta de Stripe para recibir los pagos de las suscripciones a tus agentes.',
    pending: 'Tu cuenta de Stripe está creada. Completa el alta en Stripe para recibir los pagos.',
    active: 'Cuenta de cobro conectada.',
    demoNone: 'Activa la cuenta de cobro de demostración para ver cómo se reparten los ingresos.',
    demoActive: 'Cuenta de cobro de demostración activa.',
    connect: 'Conectar con Stripe',
    continue: 'Continuar el alta en Stripe',
    connectDemo: 'Activar cuenta de demostración',
    connected: 'Cuenta de cobro activada.',
    linkExpired: 'El enlace de alta de Stripe ha caducado. Pulsa «Continuar el alta en Stripe» para seguir donde lo dejaste.',
  },
  fee: (percent: number) => `Comisión de la plataforma: ${percent.toLocaleString('es-ES')} %`,
  empty: 'Aún no tienes ingresos. Cuando alguien se suscriba a uno de tus agentes, o se cobre el uso de su API, lo verás aquí.',
  monthTitle: (month: string) => month,
  columns: {
    agent: 'Agente',
    subscribers: 'Suscriptores',
    gross: 'Ingresos',
    fee: 'Comisión',
    net: 'Neto',
    payout: 'Pago',
  },
  total: 'Total',
  paidOut: 'Pagado',
  pendingPayout: 'Pendiente',
  demoPayout: 'Demostración',
  bundles: {
    title: 'Reparto de paquetes',
    lead: 'Cada pago de un paquete se reparte entre los creadores de sus agentes: primero, quien dejó vender su agente en el paquete de otro usuario recibe el mínimo que pidió por suscriptor; el resto, según lo que usó de cada agente quien pagó, ese mes (el uso de un creador con su propio agente no cuenta); si no lo usó, según los precios de lista de los agentes.',
    ecosystem: 'Paquete',
    month: 'Mes',
    agent: 'Agente',
    share: 'Parte',
    messages: 'Respuestas',
    basis: 'Criterio',
    usage: 'Por uso',
    price: 'Por precio de lista',
    equal: 'A partes iguales',
    minimum: 'Mínimo por suscriptor',
    mixed: 'Según cada pago',
    open: 'Mes en curso: el reparto aún puede cambiar',
    messagesOf: (messages: number, total: number) => `${messages} de ${total}`,
  },
} as const;

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** '2026-11' as 'noviembre de 2026'. */
export function monthName(month: string): string {
  const [year, index] = month.split('-').map(Number);
  const name = MONTHS[index - 1];
  return name ? `${name} de ${year}` : month;
}
