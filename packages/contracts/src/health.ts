import { defineRoute } from './http.js';
import * as z from './zod-i18n.js';

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  version: z.string(),
  uptime_seconds: z.number(),
});
export type THealth = z.infer<typeof ZHealth>;

/** Readiness: this process can serve (its database and its job queue answer). */
export const ZReady = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'unreachable']),
  jobs: z.enum(['ok', 'unreachable']),
});
export type TReady = z.infer<typeof ZReady>;

export const healthRoutes = {
  get: defineRoute({
    method: 'get',
    path: '/api/health',
    summary: 'Stato del servizio e raggiungibilità del database',
    tag: 'health',
    access: 'public',
    response: ZHealth,
  }),
  ready: defineRoute({
    method: 'get',
    path: '/api/ready',
    summary: 'Pronto a servire: database e coda dei job raggiungibili (503 altrimenti)',
    tag: 'health',
    access: 'public',
    response: ZReady,
  }),
  metrics: defineRoute({
    method: 'get',
    path: '/api/metrics',
    summary: 'Metriche Prometheus (formato testo), con Authorization: Bearer METRICS_TOKEN; assente senza METRICS_TOKEN',
    tag: 'health',
    access: 'public',
    response: z.unknown(),
  }),
};
