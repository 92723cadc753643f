// GET /api/metrics scraped like Prometheus does and read with a Prometheus text-format parser:
// behind its token, requests by route template and status, the database pool, the job queue by
// state, e-mails sent and failed through a real SMTP server, payments by outcome.
import parsePrometheusTextFormat, { type ParsedFamily, type ParsedSample } from 'parse-prometheus-text-format';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { useTestApp } from '../../test/app.js';
import { startMailCatcher } from '../../test/mail-catcher.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const mail = await startMailCatcher({ refuse: (address) => address.startsWith('inesistente') });
// Registered first so it runs last (after hooks run in reverse): the app's mailer lets go first.
afterAll(() => mail.close());
const { app, deps, services, db } = await useTestApp({ METRICS_TOKEN: TOKEN, SMTP_URL: mail.url });

async function scrape() {
  const response = await request(app).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return parsePrometheusTextFormat(response.text);
}

const family = (families: ParsedFamily[], name: string) => {
  const found = families.find((entry) => entry.name === name);
  if (!found) throw new Error(`metrica ${name} assente`);
  return found;
};
const sample = (families: ParsedFamily[], name: string, labels: Record<string, string>): ParsedSample | undefined =>
  family(families, name).metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
const valueOf = (families: ParsedFamily[], name: string, labels: Record<string, string> = {}) => Number(sample(families, name, labels)?.value ?? 0);

describe('GET /api/metrics', () => {
  it('answers only with the token, and does not exist without METRICS_TOKEN', async () => {
    expect((await request(app).get('/api/metrics')).status).toBe(401);
    expect((await request(app).get('/api/metrics').set('Authorization', 'Bearer wrong-token')).status).toBe(401);
    expect((await request(app).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}x`)).status).toBe(401);
    const withoutToken = createApp({ ...deps, config: { ...deps.config, METRICS_TOKEN: undefined } }, services);
    expect((await request(withoutToken).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('counts and times requests by route template and status, never by the address asked for', async () => {
    await request(app).get('/api/courts').expect(200);
    await request(app).get('/api/courts').expect(200);
    await request(app).get('/api/memberships/verify/token-uno').expect(404);
    await request(app).get('/api/memberships/verify/token-due').expect(404);
    await request(app).get('/api/auth/user-profile').expect(401);
    await request(app).get('/api/indirizzo-che-non-esiste').expect(404);

    const families = await scrape();
    expect(family(families, 'http_requests_total').type).toBe('COUNTER');
    expect(valueOf(families, 'http_requests_total', { method: 'GET', route: '/api/courts', status: '200' })).toBe(2);
    expect(valueOf(families, 'http_requests_total', { method: 'GET', route: '/api/memberships/verify/:token', status: '404' })).toBe(2);
    expect(valueOf(families, 'http_requests_total', { method: 'GET', route: '/api/auth/user-profile', status: '401' })).toBe(1);
    expect(valueOf(families, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    const routes = new Set(family(families, 'http_requests_total').metrics.map((metric) => metric.labels?.route));
    expect([...routes].filter((route) => route?.includes('token-'))).toEqual([]);

    const latency = family(families, 'http_request_duration_seconds');
    expect(latency.type).toBe('HISTOGRAM');
    const courts = sample(families, 'http_request_duration_seconds', { method: 'GET', route: '/api/courts', status: '200' });
    expect(Number(courts?.count)).toBe(2);
    expect(Number(courts?.buckets?.['+Inf'])).toBe(2);
    expect(Number(courts?.sum)).toBeGreaterThan(0);
  });

  it('shows the database pool in use', async () => {
    const families = await scrape();
    expect(valueOf(families, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(families, 'db_pool_max_connections')).toBe(10);
    expect(sample(families, 'db_pool_connections', { state: 'waiting' })?.value).toBe('0');
  });

  it('counts e-mails handed to the mail server and refused by it', async () => {
    const before = await scrape();
    await deps.jobs.send('send-email', { to: 'socio@example.it', subject: 'Prova', text: 'Prova', html: '<p>Prova</p>', locale: 'it' });
    await deps.jobs.send('send-email', { to: 'inesistente@example.it', subject: 'Prova', text: 'Prova', html: '<p>Prova</p>', locale: 'it' });
    await mail.waitFor('socio@example.it');
    await expect.poll(async () => valueOf(await scrape(), 'emails_total', { outcome: 'failed' }) - valueOf(before, 'emails_total', { outcome: 'failed' })).toBe(1);
    const after = await scrape();
    expect(valueOf(after, 'emails_total', { outcome: 'sent' }) - valueOf(before, 'emails_total', { outcome: 'sent' })).toBe(1);
    // The refused message waits for its retry: the queue's depth shows it once the queue has recorded the
    // failure (just after the mailer counted it).
    await expect.poll(async () => valueOf(await scrape(), 'job_queue_jobs', { queue: 'send-email', state: 'retry' })).toBe(1);
  });

  it('shows the job queue by queue and state, failures included', async () => {
    await db.$executeRaw`INSERT INTO pgboss.job (name, data, state) VALUES ('stripe-request', '{"requestId": 1}', 'failed'), ('stripe-request', '{"requestId": 2}', 'failed')`;
    const families = await scrape();
    expect(valueOf(families, 'job_queue_jobs', { queue: 'stripe-request', state: 'failed' })).toBe(2);
    expect(sample(families, 'job_queue_jobs', { queue: 'memberships-daily', state: 'failed' })?.value).toBe('0');
  });

  it('shows payments by outcome (refunds are not payments)', async () => {
    const before = await scrape();
    const payment = (status: 'completed' | 'failed' | 'pending') => ({ kind: 'booking' as const, amountCents: 2000, method: 'cash' as const, status, paidAt: status === 'completed' ? new Date() : null });
    const paid = await db.transaction.create({ data: payment('completed') });
    await db.transaction.createMany({ data: [payment('completed'), payment('failed'), payment('pending')] });
    await db.transaction.create({ data: { ...payment('completed'), type: 'refund', refundOfId: paid.id, amountCents: 500 } });
    // Written without the API: posted as the ledger's history is, so the books have them.
    await db.$executeRaw`SELECT ledger_post_history()`;
    const after = await scrape();
    const delta = (outcome: string) => valueOf(after, 'payments', { outcome }) - valueOf(before, 'payments', { outcome });
    expect(delta('completed')).toBe(2);
    expect(delta('failed')).toBe(1);
    expect(delta('pending')).toBe(1);
  });
});
