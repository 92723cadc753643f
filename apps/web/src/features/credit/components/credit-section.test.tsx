import type { TCreditMovement, TCreditStatement } from '@beach/contracts';
import { loadParts } from '@beach/i18n/web';
import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageLocation } from '../../../lib/checkout';
import { creditStatement, jsonResponse, signIn } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { CreditSection } from './credit-section';
import { MemberCredit } from './member-credit';

const movement = (id: number, overrides: Partial<TCreditMovement>): TCreditMovement => ({
  id,
  amount: '10.00',
  kind: 'top_up',
  pending: false,
  reason: null,
  by: null,
  booking_id: null,
  created_at: '2026-07-10T08:00:00.000Z',
  ...overrides,
});

const statement = (overrides: Partial<TCreditStatement> = {}) => creditStatement('0.00', overrides);

/** 30 € held: 20 € of a top-up and 10 € of a correction, 5 € of it set aside for a card checkout under way. */
const HELD = statement({
  balance: '30.00',
  reserved: '5.00',
  available: '25.00',
  refundable: '20.00',
  data: [
    movement(3, { amount: '-5.00', kind: 'hold', pending: true, reason: 'Pagamento prenotazione con il credito', booking_id: 9, created_at: '2026-07-12T10:00:00.000Z' }),
    movement(2, { amount: '10.00', kind: 'desk_adjustment', reason: 'Errore di cassa', by: { id: 2, name: 'Staff Demo' }, created_at: '2026-07-11T09:00:00.000Z' }),
    movement(1, { amount: '20.00', kind: 'top_up' }),
  ],
  total: 3,
});

const { handlers, bodiesOf } = stubApiForEachTest();

describe('the member’s credit on /profilo', () => {
  beforeEach(() => signIn('user'));

  it('shows the balance, what is set aside for a payment under way and what is refundable, and the hold as reserved, not spent', async () => {
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, HELD);
    renderAt(<CreditSection />, { url: '/profilo' });
    await waitFor(() => expect(screen.getByTestId('credit-balance').textContent).toMatch(/^30,00\s€$/));
    const detail = screen.getByRole('list', { name: 'Dettaglio del credito' });
    expect(detail.textContent).toMatch(/di cui riservati 5,00\s€ per un pagamento in corso \(disponibili ora 25,00\s€\)/);
    expect(detail.textContent).toMatch(/rimborsabili 20,00\s€: il resto \(rettifiche, credito per maltempo\) si può solo spendere/);
    expect(screen.queryByRole('alert')).toBeNull();

    const [hold, correction, topUp] = within(screen.getByRole('list', { name: 'Movimenti del credito' })).getAllByRole('listitem');
    // Said once, in words: the label alone marks it.
    expect(hold!.textContent).toMatch(/^Riservato per un pagamento in corso12\/07\/2026.*-5,00\s€$/);
    expect(hold!.textContent!.match(/Riservato/g)).toHaveLength(1);
    // Set aside, not spent: muted, never in the red of money taken.
    expect(hold!.querySelector('.text-red-700')).toBeNull();
    expect(correction!.textContent).toMatch(/^Rettifica in segreteria.*Staff Demo · Errore di cassa\+10,00\s€$/);
    expect(correction!.textContent).not.toContain('Riservato');
    expect(topUp!.textContent).toMatch(/^Ricarica.*\+20,00\s€$/);
  });

  it('warns the member who owes the centre (politely: a standing state, not an alert) with the card and the transfer to pay it, and says nothing more when there is nothing set aside or refundable', async () => {
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, statement({ owed: '12.50', data: [movement(1, { amount: '-20.00', kind: 'stripe_refund' })], total: 1 }));
    renderAt(<CreditSection />, { url: '/profilo' });
    const warning = (await screen.findByText(/^Devi 12,50\s€ al centro/)).closest('[role]')!;
    expect(warning.getAttribute('role')).toBe('status');
    expect(warning.textContent).toMatch(/^Devi 12,50\s€ al centro: pagalo qui con la carta o in segreteria\. ?Un pagamento già usato \(credito o carnet\) è stato poi rimborsato dalla tua banca\.PagaPaga con bonifico$/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Dettaglio del credito' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Movimenti del credito' }).textContent).toContain('Ricarica rimborsata dalla banca');
    // Or by transfer: the debt's own RF reference, the IBAN and the QR code, asked when the member opens it.
    handlers['GET /api/me/debt/transfer'] = () => jsonResponse(200, { iban: 'IT60X0542811101000000123456', holder: 'ASD Beach Club', amount: '12.50', reference: 'RF71D9', qr_svg: '<svg viewBox="0 0 1 1"></svg>' });
    fireEvent.click(within(warning as HTMLElement).getByRole('button', { name: 'Paga con bonifico' }));
    expect((await within(warning as HTMLElement).findByLabelText('Riferimento RF')).textContent).toBe('RF71 D9');
    expect(within(warning as HTMLElement).getByRole('img', { name: 'Codice QR del bonifico' })).toBeTruthy();
  });

  it('shows the refundable part alone when all the credit was paid in', async () => {
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, statement({ balance: '15.00', available: '15.00', refundable: '15.00' }));
    renderAt(<CreditSection />, { url: '/profilo' });
    const detail = await screen.findByRole('list', { name: 'Dettaglio del credito' });
    expect(detail.textContent).toMatch(/^rimborsabili 15,00\s€$/);
  });
});

describe('the member’s debt', () => {
  beforeEach(() => signIn('user'));
  afterEach(() => vi.restoreAllMocks());

  it('is paid with "Paga" on Stripe’s page, or the server’s refusal is shown', async () => {
    const goToCheckout = vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, statement({ owed: '12.50' }));
    handlers['POST /api/me/debt/checkout'] = () => jsonResponse(409, { message: 'Non c’è nulla da saldare: nessun importo dovuto al centro.' });
    renderAt(<CreditSection />, { url: '/profilo' });
    fireEvent.click(await screen.findByRole('button', { name: 'Paga' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Non c’è nulla da saldare: nessun importo dovuto al centro.');

    handlers['POST /api/me/debt/checkout'] = () => jsonResponse(200, { checkout_url: 'https://checkout.example/s/9' });
    fireEvent.click(screen.getByRole('button', { name: 'Paga' }));
    await vi.waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('https://checkout.example/s/9'));
  });

  it('reads the statement again when "Paga" is refused: a debt the desk settled meanwhile is no longer shown', async () => {
    let owed = '12.50';
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, statement({ owed }));
    handlers['POST /api/me/debt/checkout'] = () => {
      owed = '0.00';
      return jsonResponse(409, { message: 'Non c’è nulla da saldare: nessun importo dovuto al centro.' });
    };
    renderAt(<CreditSection />, { url: '/profilo' });
    fireEvent.click(await screen.findByRole('button', { name: 'Paga' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Paga' })).toBeNull());
    expect(screen.queryByText(/Devi 12,50/)).toBeNull();
  });

  it('has no "Paga" when nothing is owed', async () => {
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, HELD);
    renderAt(<CreditSection />, { url: '/profilo' });
    await waitFor(() => expect(screen.getByTestId('credit-balance').textContent).toMatch(/^30,00\s€$/));
    expect(screen.queryByRole('button', { name: 'Paga' })).toBeNull();
  });
});

describe('the member’s credit in German and English', () => {
  beforeEach(() => signIn('user'));

  it('says the balance, its detail and the movements in German, dates and money as Germans write them', async () => {
    await loadParts(i18n, 'de', ['shell', 'member', 'contracts']);
    i18n.activate('de');
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, HELD);
    renderAt(<CreditSection />, { url: '/de/profilo' });
    await waitFor(() => expect(screen.getByTestId('credit-balance').textContent).toMatch(/^30,00\s€$/));
    expect(screen.getByRole('heading', { name: 'Mein Guthaben' })).toBeTruthy();
    const detail = screen.getByRole('list', { name: 'Guthaben im Detail' });
    expect(detail.textContent).toMatch(/^davon 5,00\s€ reserviert für eine laufende Zahlung \(jetzt verfügbar: 25,00\s€\)/);
    const [hold, correction] = within(screen.getByRole('list', { name: 'Guthabenbewegungen' })).getAllByRole('listitem');
    expect(hold!.textContent).toMatch(/^Reserviert für eine laufende Zahlung12\.07\.2026/);
    expect(correction!.textContent).toMatch(/^Korrektur an der Rezeption.*Staff Demo · Errore di cassa\+10,00\s€$/);
  });

  it('writes euros the English way and warns of a debt in English', async () => {
    await loadParts(i18n, 'en', ['shell', 'member', 'contracts']);
    i18n.activate('en');
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, statement({ owed: '12.50', data: [movement(1, { amount: '-20.00', kind: 'stripe_refund' })], total: 1 }));
    renderAt(<CreditSection />, { url: '/en/profilo' });
    const warning = (await screen.findByText('You owe the centre €12.50: pay it here by card or at reception.')).closest('[role]')!;
    expect(warning.textContent).toContain('was later refunded by your bank.');
    expect(screen.getByRole('list', { name: 'Credit transactions' }).textContent).toMatch(/^Top-up refunded by the bank.*-€20\.00$/);
    expect(screen.getByRole('button', { name: 'Top up by card' })).toBeTruthy();
    expect(within(warning as HTMLElement).getByRole('button', { name: 'Pay' })).toBeTruthy();
  });
});

describe('the member’s credit at the desk', () => {
  beforeEach(() => signIn('staff'));

  it('shows the same balances, and what the member owes the centre', async () => {
    handlers['GET /api/admin/users/42/credit?page=1&per_page=10'] = () => jsonResponse(200, { ...HELD, owed: '7.00' });
    renderAt(<MemberCredit userId={42} />, { url: '/admin/users' });
    const region = await screen.findByRole('region', { name: 'Credito' });
    await waitFor(() => expect(region.textContent).toMatch(/Saldo30,00\s€/));
    expect(within(region).getByRole('list', { name: 'Dettaglio del credito' }).textContent).toMatch(/di cui riservati 5,00\s€ per un pagamento in corso/);
    expect(within(region).getByRole('status').textContent).toMatch(/^Il socio deve 7,00\s€ al centro\. ?Un pagamento già usato \(credito o carnet\) è stato poi rimborsato dalla sua banca: chiedigli di saldarlo\./);
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal of a correction above the admin’s limit, under the correction form, and keeps what was typed', async () => {
    handlers['GET /api/admin/users/42/credit?page=1&per_page=10'] = () => jsonResponse(200, HELD);
    const refusal = 'Oltre 20,00 € di credito in più al giorno la rettifica la fa un amministratore.';
    handlers['POST /api/admin/users/42/credit/adjustment'] = () => jsonResponse(403, { message: refusal });
    renderAt(<MemberCredit userId={42} />, { url: '/admin/users' });
    const form = await screen.findByRole('form', { name: 'Rettifica del credito' });
    fireEvent.change(within(form).getByLabelText('Rettifica (€)'), { target: { value: '50' } });
    fireEvent.change(within(form).getByLabelText('Motivo'), { target: { value: 'Torneo vinto' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Rettifica' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(refusal);
    expect(bodiesOf('POST /api/admin/users/42/credit/adjustment')).toEqual([{ amount: '50', reason: 'Torneo vinto' }]);
    expect((within(form).getByLabelText('Rettifica (€)') as HTMLInputElement).value).toBe('50');
  });

  it('shows the refusal of a correction of one’s own credit, and the answer of one that passes (no movement may come back)', async () => {
    handlers['GET /api/admin/users/42/credit?page=1&per_page=10'] = () => jsonResponse(200, HELD);
    handlers['POST /api/admin/users/42/credit/adjustment'] = () => jsonResponse(403, { message: 'Non puoi rettificare il tuo credito: chiedi a un amministratore.' });
    renderAt(<MemberCredit userId={42} />, { url: '/admin/users' });
    const form = await screen.findByRole('form', { name: 'Rettifica del credito' });
    fireEvent.change(within(form).getByLabelText('Rettifica (€)'), { target: { value: '-2,50' } });
    fireEvent.change(within(form).getByLabelText('Motivo'), { target: { value: 'Errore di cassa' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Rettifica' }));
    await within(form).findByText('Non puoi rettificare il tuo credito: chiedi a un amministratore.');

    handlers['POST /api/admin/users/42/credit/adjustment'] = () => jsonResponse(200, { message: 'Rettifica registrata.', balance: '27.50', movement: null });
    fireEvent.click(within(form).getByRole('button', { name: 'Rettifica' }));
    await screen.findByText('Rettifica registrata.');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('collects what the member owes with "Incassa" and the method chosen, and shows a refusal (one’s own account) under the form', async () => {
    handlers['GET /api/admin/users/42/credit?page=1&per_page=10'] = () => jsonResponse(200, { ...HELD, owed: '7.00' });
    handlers['POST /api/admin/users/42/debt/settle'] = () => jsonResponse(403, { message: 'Non puoi registrare denaro sul tuo conto (o dei tuoi figli): chiedi a un amministratore.' });
    renderAt(<MemberCredit userId={42} />, { url: '/admin/users' });
    const form = await screen.findByRole('form', { name: 'Incassa quanto dovuto' });
    expect(within(screen.getByRole('status')).getByRole('form', { name: 'Incassa quanto dovuto' })).toBe(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Incassa' }));
    await within(form).findByText('Non puoi registrare denaro sul tuo conto (o dei tuoi figli): chiedi a un amministratore.');
    expect(bodiesOf('POST /api/admin/users/42/debt/settle')).toEqual([{ method: 'cash' }]);

    handlers['POST /api/admin/users/42/debt/settle'] = () => jsonResponse(200, { message: 'Incassato quanto il socio doveva al centro.', owed: '0.00' });
    fireEvent.click(within(form).getByRole('button', { name: 'Incassa' }));
    await screen.findByText('Incassato quanto il socio doveva al centro.');
  });

  it('offers no "Incassa" when the member owes nothing', async () => {
    handlers['GET /api/admin/users/42/credit?page=1&per_page=10'] = () => jsonResponse(200, HELD);
    renderAt(<MemberCredit userId={42} />, { url: '/admin/users' });
    await screen.findByRole('form', { name: 'Rettifica del credito' });
    expect(screen.queryByRole('form', { name: 'Incassa quanto dovuto' })).toBeNull();
  });
});

describe('a card refund Stripe did not make', () => {
  it('is shown to the member as a refund to receive at the desk, with what a dispute holds', async () => {
    signIn('user');
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, statement({ refund_due: '40.00', refund_due_held: '15.00' }));
    renderAt(<CreditSection />, { url: '/profilo' });
    const notice = (await screen.findByText(/^Hai un rimborso di 40,00\s€ da ricevere\.$/)).closest('[role]')!;
    expect(notice.textContent).toContain('passa in segreteria per riaverlo in contanti o nel credito.');
    expect(notice.textContent).toMatch(/Di questi, 15,00\s€ restano trattenuti finché è aperta la contestazione/);
  });

  it('is paid out at the desk in cash or into credit, and only when no dispute holds it all', async () => {
    signIn('staff');
    handlers['GET /api/admin/users/42/credit?page=1&per_page=10'] = () => jsonResponse(200, statement({ refund_due: '20.00', refund_due_held: '20.00' }));
    const { unmount } = renderAt(<MemberCredit userId={42} />, { url: '/admin/users' });
    const region = await screen.findByRole('region', { name: 'Credito' });
    await waitFor(() => expect(region.textContent).toMatch(/Rimborso sulla carta non riuscito: 20,00\s€ da restituire al socio\./));
    expect(within(region).queryByRole('form', { name: 'Restituisci il rimborso non riuscito' })).toBeNull();
    unmount();

    handlers['GET /api/admin/users/42/credit?page=1&per_page=10'] = () => jsonResponse(200, statement({ refund_due: '20.00' }));
    handlers['POST /api/admin/users/42/credit/refund-due'] = () => jsonResponse(200, { message: 'Restituiti 20,00 € nel credito.', balance: '20.00', movement: null });
    renderAt(<MemberCredit userId={42} />, { url: '/admin/users' });
    const form = await screen.findByRole('form', { name: 'Restituisci il rimborso non riuscito' });
    fireEvent.change(within(form).getByLabelText('Restituisci'), { target: { value: 'credit' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Restituisci il rimborso' }));
    await screen.findByText('Restituiti 20,00 € nel credito.');
    expect(bodiesOf('POST /api/admin/users/42/credit/refund-due')).toEqual([{ method: 'credit' }]);
  });
});
