// Starts the double on its own: `tsx src/cli.ts` (STRIPE_DOUBLE_PORT, STRIPE_WEBHOOK_SECRET, STRIPE_WEBHOOK_URL).
import { startStripeDouble } from './index.js';

const secret = process.env.STRIPE_WEBHOOK_SECRET;
if (!secret) {
  console.error('STRIPE_WEBHOOK_SECRET is required (e.g. whsec_dev).');
  process.exit(1);
}

const double = await startStripeDouble({
  port: Number(process.env.STRIPE_DOUBLE_PORT ?? 12111),
  webhookSecret: secret,
  webhookUrl: process.env.STRIPE_WEBHOOK_URL || undefined,
  onDelivery: (delivery) => console.log(`webhook ${delivery.type} ${delivery.eventId} → ${delivery.status || 'unreachable'}${delivery.error ? ` (${delivery.error})` : ''}`),
});
console.log(`Stripe test double on ${double.url} (webhooks to ${process.env.STRIPE_WEBHOOK_URL || 'nowhere yet'})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void double.close().then(() => process.exit(0)));
}
