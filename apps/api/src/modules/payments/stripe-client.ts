// The Stripe client a payment needs, or the member told that online payments are off.
import { AppError } from '../../lib/errors.js';
import type { Stripe } from '../../lib/stripe.js';

export const PAYMENTS_UNAVAILABLE = /* i18n */ {
  id: 'api.payments.unavailable',
  message: 'I pagamenti online non sono disponibili in questo momento: riprova più tardi o passa in segreteria.',
};

export function requireStripe(stripe: Stripe | null): Stripe {
  if (!stripe) throw new AppError(503, PAYMENTS_UNAVAILABLE);
  return stripe;
}
