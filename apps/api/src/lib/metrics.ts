// Prometheus metrics of one process (prom-client), served by GET /api/metrics behind METRICS_TOKEN.
// Request counts and latencies are this process's own (Prometheus adds up the replicas); the job
// queue and the payments are read from the shared database at scrape time, so every process reports
// the same totals for them.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { poolOf, type Db } from './db.js';
import { JOB_NAMES, JOB_STATES, type JobQueue } from './jobs.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail.js';

export interface Metrics {
  registry: Registry;
  /** Counts and times every finished request by method, route template and status. */
  requests: RequestHandler;
  /** The mailer, counting each message it hands over as sent or failed. */
  countMail(mailer: Mailer): Mailer;
}

/** Seconds: from a cached read to a slow export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Label of a request no route answered (unknown addresses, static files): keeps the label set bounded. */
export const UNMATCHED_ROUTE = 'unmatched';

export function createMetrics({ db, jobs, logger }: { db: Db; jobs: JobQueue; logger: Logger }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requestsTotal = new Counter({ name: 'http_requests_total', help: 'Richieste HTTP concluse', labelNames, registers: [registry] });
  const requestSeconds = new Histogram({ name: 'http_request_duration_seconds', help: 'Durata delle richieste HTTP', labelNames, buckets: LATENCY_BUCKETS, registers: [registry] });

  const pool = poolOf(db);
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connessioni del pool al database: aperte, libere, richieste in attesa di una connessione',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'Connessioni massime del pool al database',
    registers: [registry],
    collect() {
      if (pool) this.set(pool.options.max);
    },
  });

  // A scrape while the database is down still answers: the gauges read from it are then left out.
  const fromDatabase = async (what: string, read: () => Promise<void>) => {
    await read().catch((error: unknown) => logger.warn({ err: error }, `Metriche: lettura di ${what} non riuscita`));
  };
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Job per coda e stato (created: in coda, retry: in attesa di un nuovo tentativo, active: in corso, failed: falliti)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      await fromDatabase('coda dei job', async () => {
        const counts = await jobs.countsByState();
        for (const queue of JOB_NAMES) for (const state of JOB_STATES) this.set({ queue, state }, 0);
        for (const { queue, state, count } of counts) this.set({ queue, state }, count);
      });
    },
  });
  new Gauge({
    name: 'payments',
    help: 'Pagamenti (esclusi i rimborsi) per esito',
    labelNames: ['outcome'],
    registers: [registry],
    async collect() {
      this.reset();
      await fromDatabase('pagamenti', async () => {
        const groups = await db.transaction.groupBy({ by: ['status'], where: { type: 'payment' }, _count: { _all: true } });
        for (const { status, _count } of groups) this.set({ outcome: status }, _count._all);
      });
    },
  });

  new Gauge({
    name: 'ledger_reconciliation_mismatches',
    help: 'Discrepanze trovate dall’ultima verifica dei conti, per controllo (docs/domain.md#reconciliation)',
    labelNames: ['check'],
    registers: [registry],
    async collect() {
      this.reset();
      await fromDatabase('verifica dei conti', async () => {
        const last = await db.reconciliationRun.findFirst({ orderBy: { id: 'desc' } });
        for (const one of (last?.result ?? []) as { name: string; mismatches: number }[]) this.set({ check: one.name }, one.mismatches);
      });
    },
  });
  new Gauge({
    name: 'ledger_reconciliation_checked_seconds',
    help: 'Quando è stata fatta l’ultima verifica dei conti (secondi dal 1970)',
    registers: [registry],
    async collect() {
      this.reset();
      await fromDatabase('verifica dei conti', async () => {
        const last = await db.reconciliationRun.findFirst({ orderBy: { id: 'desc' }, select: { checkedAt: true } });
        if (last) this.set(last.checkedAt.getTime() / 1000);
      });
    },
  });
  new Gauge({
    name: 'backup_last_success_seconds',
    help: 'Quando è finito l’ultimo backup riuscito (secondi dal 1970; docs/domain.md#backups)',
    registers: [registry],
    async collect() {
      this.reset();
      await fromDatabase('backup', async () => {
        const last = await db.backupRun.findFirst({ where: { ok: true }, orderBy: { finishedAt: 'desc' }, select: { finishedAt: true } });
        if (last) this.set(last.finishedAt.getTime() / 1000);
      });
    },
  });

  const emails = new Counter({ name: 'emails_total', help: 'E-mail consegnate al server di posta (sent) o rifiutate (failed)', labelNames: ['outcome'], registers: [registry] });
  emails.inc({ outcome: 'sent' }, 0);
  emails.inc({ outcome: 'failed' }, 0);

  return {
    registry,
    requests(req, res, next) {
      const start = process.hrtime.bigint();
      res.once('finish', () => {
        // The route mounter names the contract's path; other routes (the Stripe webhook) Express's own.
        const route = (res.locals.route as string | undefined) ?? (req.route ? `${req.baseUrl}${(req.route as { path: string }).path}` : UNMATCHED_ROUTE);
        const labels = { method: req.method, route, status: res.statusCode };
        requestsTotal.inc(labels);
        requestSeconds.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
      });
      next();
    },
    countMail(mailer) {
      return {
        ...mailer,
        async send(message) {
          try {
            await mailer.send(message);
          } catch (error) {
            emails.inc({ outcome: 'failed' });
            throw error;
          }
          emails.inc({ outcome: 'sent' });
        },
      };
    },
  };
}

/** Whether `Authorization: Bearer …` carries the token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  // Hashing first gives both sides the same length, which timingSafeEqual needs.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(token));
}
