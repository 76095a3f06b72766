import { demoPaymentMethodForCardNumber } from '../../../src/modules/payments/gateway/demo-payment-gateway';

describe("the demo card form's test card numbers", () => {
  it("maps Stripe's test card numbers (spaces allowed) to the test payment-method ids", () => {
    expect(demoPaymentMethodForCardNumber('4242 4242 4242 4242')).toBe('pm_card_visa');
    expect(demoPaymentMethodForCardNumber('4242424242424242')).toBe('pm_card_visa');
    expect(demoPaymentMethodForCardNumber('5555 5555 5555 4444')).toBe('pm_card_mastercard');
    expect(demoPaymentMethodForCardNumber('4000 0000 0000 0002')).toBe('pm_card_chargeDeclined');
    expect(demoPaymentMethodForCardNumber(' 4000-0000-0000-9995 ')).toBe('pm_card_insufficientFunds');
  });

  it('maps any other number to null', () => {
    expect(demoPaymentMethodForCardNumber('4111 1111 1111 1111')).toBeNull();
    expect(demoPaymentMethodForCardNumber('')).toBeNull();
    expect(demoPaymentMethodForCardNumber('constructor')).toBeNull();
  });
});
