import { api } from '@beach/contracts';
import express, { type RequestHandler } from 'express';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import type { MountRoute } from '../../lib/http.js';
import { isTestMode, type Stripe } from '../../lib/stripe.js';
import { authOf } from '../auth/index.js';
import { PAYMENTS_UNAVAILABLE } from './stripe-client.js';
import type { PaymentsService } from './payments.service.js';

export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

/**
 * POST /api/payments/stripe/webhook: Stripe's raw body, its signature checked with the webhook secret
 * before anything is read; a bad signature answers 400 and writes nothing.
 */
export function stripeWebhook({ config, stripe }: Pick<AppDeps, 'config' | 'stripe'>, payments: PaymentsService): RequestHandler[] {
  return [
    express.raw({ type: '*/*', limit: '1mb' }),
    async (req, res) => {
      if (!stripe || !config.STRIPE_WEBHOOK_SECRET) throw new AppError(503, PAYMENTS_UNAVAILABLE);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(req.body as Buffer, req.get('stripe-signature') ?? '', config.STRIPE_WEBHOOK_SECRET);
      } catch {
        throw new AppError(400, 'Firma del webhook Stripe non valida.');
      }
      await payments.handleEvent(event);
      res.json({ received: true });
    },
  ];
}

export function registerPaymentsRoutes(mount: MountRoute, { config, stripe }: Pick<AppDeps, 'config' | 'stripe'>, payments: PaymentsService) {
  mount(api.payments.config, () => ({ enabled: stripe !== null, test_mode: isTestMode(config) }));
  mount(api.payments.reconcile, ({ body }, { req }) => payments.reconcile(body.session_id, authOf(req).user.id));
}
