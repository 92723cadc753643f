// The benchmark API with online payments on: the local Stripe test double on loopback.
import { startStripeDouble } from '@beach/stripe-double';
import { startBenchApi } from './api-server.js';

export async function startBenchApiWithStripe(env: Record<string, string> = {}) {
  const webhookSecret = 'whsec_bench_double';
  const stripe = await startStripeDouble({ webhookSecret, autoDeliver: false });
  const api = await startBenchApi({ STRIPE_SECRET_KEY: 'sk_test_bench', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: stripe.url, ...env });
  return {
    ...api,
    async stop() {
      await api.stop();
      await stripe.close();
    },
  };
}
