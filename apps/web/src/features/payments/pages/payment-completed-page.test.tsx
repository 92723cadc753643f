import type { TCheckoutOutcome } from '@beach/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { aMembership, renderAt, stubApiForEachTest } from '../../../test/test-support';
import { RECONCILE_GIVE_UP_MS, RECONCILE_INTERVAL_MS } from '../api/payments';
import PaymentCompletedPage from './payment-completed-page';

const RECONCILE = 'POST /api/payments/reconcile';
const api = stubApiForEachTest('user');
const { handlers } = api;
const outcome = (status: TCheckoutOutcome['status'], kind: TCheckoutOutcome['kind'] = 'membership', target_id: number | null = 9) => () =>
  jsonResponse(200, { status, kind, target_id } satisfies TCheckoutOutcome);

beforeEach(() => {
  handlers['GET /api/payments/config'] = () => jsonResponse(200, { enabled: true, test_mode: true });
  handlers['GET /api/memberships/mine'] = () =>
    jsonResponse(200, { data: [aMembership({ id: 9, membership_number: 'T2026-00009', type: 'weekly', start_date: '2026-07-04', end_date: '2026-07-10' }), aMembership()] });
});
afterEach(() => vi.useRealTimers());

const renderPage = (search = '?session_id=cs_test_a1B2c3') => renderAt(<PaymentCompletedPage />, { url: `/pagamento-completato${search}`, path: '/pagamento-completato' });
const reconcileCalls = () => api.bodiesOf(RECONCILE).length;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('payment completed', () => {
  it('asks again every 2 s while the payment is pending, then shows the paid card', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    handlers[RECONCILE] = outcome('pending');
    renderPage();
    expect(await screen.findByText('Stiamo confermando il pagamento...')).toBeTruthy();
    expect(api.bodiesOf(RECONCILE)).toEqual([{ session_id: 'cs_test_a1B2c3' }]);

    await advance(RECONCILE_INTERVAL_MS);
    expect(reconcileCalls()).toBe(2);
    handlers[RECONCILE] = outcome('paid');
    await advance(RECONCILE_INTERVAL_MS);

    expect(await screen.findByRole('heading', { name: 'Pagamento completato' })).toBeTruthy();
    const details = (await screen.findByText('T2026-00009')).closest('dl')!.textContent;
    expect(details).toContain('Settimanale');
    expect(details).toContain('dal 04/07/2026 al 10/07/2026');
    expect(screen.getByRole('link', { name: 'Vai al tesseramento' }).getAttribute('href')).toBe('/tesseramento');
    expect(document.title).toContain('Pagamento completato');

    await advance(RECONCILE_INTERVAL_MS * 3);
    expect(reconcileCalls()).toBe(3);
    expect(screen.getByRole('note').textContent).toContain('Pagamenti in modalità di prova');
  });

  it('confirms a credit top-up and leads to the credit on the profile', async () => {
    handlers[RECONCILE] = outcome('paid', 'credit', 3);
    renderPage();
    expect(await screen.findByText('Ricarica completata: il credito è già disponibile.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vai al tuo credito' }).getAttribute('href')).toBe('/profilo');
  });

  it('gives up politely after about a minute of pending', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    handlers[RECONCILE] = outcome('pending');
    renderPage();
    await screen.findByText('Stiamo confermando il pagamento...');
    await advance(RECONCILE_GIVE_UP_MS);
    expect(await screen.findByText(/riceverai un’e-mail di conferma/)).toBeTruthy();
    const calls = reconcileCalls();
    expect(calls).toBeGreaterThan(20);
    await advance(RECONCILE_INTERVAL_MS * 5);
    expect(reconcileCalls()).toBe(calls);
  });

  it('says clearly when the payment failed, with the way back', async () => {
    handlers[RECONCILE] = outcome('failed');
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Il pagamento non è andato a buon fine.');
    expect(screen.getByRole('link', { name: 'Vai al tesseramento' }).getAttribute('href')).toBe('/tesseramento');
  });

  it('confirms a paid booking with a link to the member’s bookings', async () => {
    handlers[RECONCILE] = outcome('paid', 'booking', 31);
    renderPage();
    expect(await screen.findByText(/La tua prenotazione è confermata/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vai alle mie prenotazioni' }).getAttribute('href')).toBe('/le-mie-prenotazioni');
    expect(api.fetchMock.mock.calls.some(([url]) => url === '/api/memberships/mine')).toBe(false);
  });

  it('explains a missing session id without calling the API', async () => {
    renderPage('');
    expect((await screen.findByRole('alert')).textContent).toContain('Manca il riferimento del pagamento.');
    expect(reconcileCalls()).toBe(0);
  });

  it('shows the server’s message when the session cannot be checked', async () => {
    handlers[RECONCILE] = () => jsonResponse(422, { message: 'I dati inviati non sono validi.', errors: { session_id: ['Sessione di pagamento non valida.'] } });
    renderPage('?session_id=cs_');
    expect((await screen.findByRole('alert')).textContent).toContain('Sessione di pagamento non valida.');
  });
});
