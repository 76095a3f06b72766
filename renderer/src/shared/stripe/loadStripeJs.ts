import type { Stripe } from '@stripe/stripe-js';

// One Stripe.js per page, whatever the number of forms and flows using it (Stripe asks for that).
let stripePromise: Promise<Stripe | null> | null = null;

/**
 * Stripe.js for the publishable key, loaded once and only when first asked for: the `pure` entry
 * fetches js.stripe.com now, not when this module is imported. A failed load is retried next time.
 */
export function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  if (!stripePromise) {
    stripePromise = import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(publishableKey, { locale: 'es' }));
    stripePromise.catch(() => {
      stripePromise = null;
    });
  }
  return stripePromise;
}
