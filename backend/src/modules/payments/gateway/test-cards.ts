/**
 * Stripe's test cards, as the demo card form and the demo gateway understand them. A plain module
 * (no Nest, no Node imports) so that the renderer can carry a copy of it.
 *
 * The demo form takes a test card number and posts the test payment-method id it maps to; the
 * demo gateway then behaves as Stripe does in test mode for that id.
 */

export type TestPaymentMethodId = 'pm_card_visa' | 'pm_card_mastercard' | 'pm_card_amex' | 'pm_card_chargeCustomerFail' | 'pm_card_chargeDeclined' | 'pm_card_insufficientFunds';

/** Stripe's test card numbers → the test payment-method id that behaves the same way. */
export const TEST_CARD_NUMBERS: Readonly<Record<string, TestPaymentMethodId>> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '371449635398431': 'pm_card_amex',
  '4000000000000341': 'pm_card_chargeCustomerFail',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_insufficientFunds',
};

/**
 * What a test payment-method id does when it is saved: a card (brand, last four digits) or a
 * decline. A card with chargeFails is saved, but every later charge to it is declined (a monthly
 * invoice of API use fails, and a subscription on it is refused).
 */
export type TestPaymentMethodOutcome =
  | { kind: 'card'; brand: string; last4: string; expMonth: number; expYear: number; chargeFails?: true }
  | { kind: 'declined'; reason: 'generic' | 'insufficientFunds' };

export const TEST_PAYMENT_METHODS: Readonly<Record<TestPaymentMethodId, TestPaymentMethodOutcome>> = {
  pm_card_visa: { kind: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
  pm_card_mastercard: { kind: 'card', brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2034 },
  pm_card_amex: { kind: 'card', brand: 'amex', last4: '8431', expMonth: 12, expYear: 2034 },
  pm_card_chargeCustomerFail: { kind: 'card', brand: 'visa', last4: '0341', expMonth: 12, expYear: 2034, chargeFails: true },
  pm_card_chargeDeclined: { kind: 'declined', reason: 'generic' },
  pm_card_insufficientFunds: { kind: 'declined', reason: 'insufficientFunds' },
};

/** The test payment-method id for a test card number (spaces and dashes allowed), or null. */
export function demoPaymentMethodForCardNumber(cardNumber: string): TestPaymentMethodId | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return Object.prototype.hasOwnProperty.call(TEST_CARD_NUMBERS, digits) ? TEST_CARD_NUMBERS[digits] : null;
}

/** The outcome of a test payment-method id, or null for an id that is not one of Stripe's test ids. */
export function testPaymentMethodOutcome(paymentMethodId: string): TestPaymentMethodOutcome | null {
  return Object.prototype.hasOwnProperty.call(TEST_PAYMENT_METHODS, paymentMethodId)
    ? TEST_PAYMENT_METHODS[paymentMethodId as TestPaymentMethodId]
    : null;
}

/** Whether charges to a saved test card are declined (its brand and last four digits name its test card). */
export function chargesFailOn(card: { brand: string; last4: string }): boolean {
  return Object.values(TEST_PAYMENT_METHODS).some((outcome) => outcome.kind === 'card' && outcome.chargeFails === true && outcome.brand === card.brand && outcome.last4 === card.last4);
}
