/**
 * Demo mode: Stripe's own test card numbers stand for Stripe's test payment-method ids, which the
 * demo gateway honours, as backend/src/modules/payments/gateway/test-cards.ts lists them: the first three
 * are saved and charged; 4000 0000 0000 0341 is saved but every charge to it fails (a monthly invoice
 * of API use, issue 36); the last two are declined with a Spanish message.
 * No other number is accepted, so that nobody types a real card into a form that charges nothing.
 */
export const DEMO_TEST_CARDS: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '371449635398431': 'pm_card_amex',
  '4000000000000341': 'pm_card_chargeCustomerFail',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_insufficientFunds',
};

export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The test payment-method id a demo card number stands for, or null for any other number. */
export function demoPaymentMethodFor(cardNumber: string): string | null {
  return DEMO_TEST_CARDS[cardDigits(cardNumber)] ?? null;
}

/** '4242424242424242' → '4242 4242 4242 4242', as the user types. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The expiry typed ('MM/AA' or 'MM/AAAA') as month and four-digit year, or null when it is not one. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { expMonth: month, expYear: year };
}

/** 'MM/AA', still in the future (the month itself counts). */
export function isValidExpiry(value: string, now = new Date()): boolean {
  const expiry = parseExpiry(value);
  if (!expiry) return false;
  const { expMonth: month, expYear: year } = expiry;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

export function isValidCvc(value: string): boolean {
  return /^\d{3,4}$/.test(value.trim());
}
