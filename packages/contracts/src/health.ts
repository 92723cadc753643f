import { defineRoute } from './http.js';
import { z } from './zod-italian.js';

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  version: z.string(),
  uptime_seconds: z.number(),
});
export type THealth = z.infer<typeof ZHealth>;

export const healthRoutes = {
  get: defineRoute({
    method: 'get',
    path: '/api/health',
    summary: 'Stato del servizio e raggiungibilità del database',
    tag: 'health',
    access: 'public',
    response: ZHealth,
  }),
};
