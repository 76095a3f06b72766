import type { MailMessage } from '../mail/mail-sender';
import type { Subscription } from '../subscriptions/entities/subscription.entity';

export interface ReceiptContext {
  productName: string;
  publicUrl: string;
  /** ISO code, as the payments configuration has it ('eur'). */
  currency: string;
  /** When the purchase was made. */
  at: Date;
}

/** 9,99 € */
export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('es-ES', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
}

/** 28 de noviembre de 2026 */
export function formatDay(date: Date): string {
  return date.toLocaleDateString('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The receipt of a purchase: what was bought, for how much a month, when, and where to manage it. */
export function receiptMail(row: Subscription, context: ReceiptContext): MailMessage {
  const { productName, publicUrl, currency, at } = context;
  const bought = row.products?.[0]?.name ?? (row.isBundle ? 'Paquete de agentes' : 'Agente');
  const kind = row.isBundle ? 'ecosistema de agentes' : 'agente';
  const greeting = row.userName?.trim() ? `Hola, ${row.userName.trim()}:` : 'Hola:';
  return {
    to: row.userEmail ?? '',
    subject: `Recibo de tu compra: ${bought} · ${productName}`,
    text: [
      greeting,
      '',
      `Gracias por tu compra en ${productName}. Este es tu recibo.`,
      '',
      `Concepto: ${bought} (${kind}, suscripción mensual)`,
      `Importe: ${formatAmount(Number(row.price ?? 0), currency)} al mes`,
      `Fecha: ${formatDay(at)}`,
      ...(row.currentPeriodEnd ? [`Próximo cargo: ${formatDay(new Date(row.currentPeriodEnd))}`] : []),
      `Referencia: ${row.subscriptionId}`,
      '',
      'La suscripción se renueva cada mes hasta que la canceles.',
      `Puedes ver tus compras y gestionar la suscripción en Mis compras: ${publicUrl}/mi-perfil?tab=SUBSCRIPTION`,
      '',
      `El equipo de ${productName}`,
    ].join('\n'),
  };
}
