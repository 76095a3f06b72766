/** The caller's customer at the payment provider (one per user; asking again returns the same). */
export interface Customer {
  id: string;
  name: string;
  email: string;
}

/** A saved card as the server describes it: never the number, only brand and last four digits. */
export interface Card {
  /** The payment method's id (pm_…). */
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

/** Who is paying: the name and e-mail the customer is created with. */
export interface PaymentAccount {
  name: string;
  email: string;
}
