// The Stripe SDK, configured once. With STRIPE_API_BASE it talks to the local test double (development
// and tests) through the SDK's own host/port/protocol options, so the same code runs against Stripe.
import Stripe from 'stripe';
import type { Config } from '../config.js';

export type { Stripe };

export function createStripe(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const double = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(double && { host: double.hostname, port: Number(double.port), protocol: double.protocol === 'https:' ? 'https' : 'http' }),
  });
}

/** Payments that move no real money: the local double, or Stripe's own test mode. */
export const isTestMode = (config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>) =>
  Boolean(config.STRIPE_API_BASE) || Boolean(config.STRIPE_SECRET_KEY?.startsWith('sk_test_') || config.STRIPE_SECRET_KEY?.startsWith('rk_test_'));
