import type { TMembershipQuote } from '@beach/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, signIn } from '../../../test/fixtures';
import { anAdminMembership, renderAt, stubApiByPath, type PathHandlers, type RecordedCall } from '../../../test/test-support';
import MembershipEditorPage from './membership-editor-page';

const handlers: PathHandlers = new Map();
const calls: RecordedCall[] = [];
const bodiesOf = (key: string) => calls.filter((call) => call.key === key).map((call) => call.body);

const QUOTE: TMembershipQuote = {
  type: 'seasonal', start_date: '2026-05-01', end_date: '2026-09-30', has_insurance: false, insurance_included: false, is_bvu_member: false, coupon_code: null,
  lines: [{ label: 'Tessera stagionale', amount: '60.00' }], original_price: '60.00', discount_amount: '0.00', price: '60.00', pay_online: true,
};

beforeEach(() => {
  handlers.clear();
  calls.length = 0;
  stubApiByPath(handlers, calls);
  signIn('admin');
});

describe('new card at the desk', () => {
  it('finds a member, fills the fiscal code, shows the server’s quote and creates the card paid in cash', async () => {
    handlers.set('GET /api/admin/users/search', (url) =>
      jsonResponse(200, { data: url.searchParams.get('q') === 'bian' ? [{ id: 55, first_name: 'Marco', last_name: 'Bianchi', email: 'marco@esempio.it', phone: null, birth_date: '1990-03-02', fiscal_code: 'BNCMRC90C02H294X' }] : [] }),
    );
    handlers.set('POST /api/admin/memberships/quote', () => jsonResponse(200, QUOTE));
    const created = anAdminMembership(9, { membership_number: 'T2026-00009' });
    handlers.set('POST /api/admin/memberships', () => jsonResponse(201, { message: 'Tessera creata e attivata.', membership: created }));
    renderAt(<MembershipEditorPage />, { url: '/admin/membership-editor' });

    fireEvent.change(screen.getByLabelText('Cerca tesserato'), { target: { value: 'bian' } });
    fireEvent.click(await screen.findByRole('button', { name: /Marco Bianchi/ }));
    expect((screen.getByLabelText(/Codice fiscale/) as HTMLInputElement).value).toBe('BNCMRC90C02H294X');
    expect(screen.getByText('Completa i dati per vedere il prezzo.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Crea tessera attiva' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText(/Tipo di tessera/), { target: { value: 'seasonal' } });
    const summary = screen.getByRole('region', { name: 'Riepilogo' });
    await waitFor(() => expect(summary.textContent).toContain('60,00'));
    expect(bodiesOf('POST /api/admin/memberships/quote').at(-1)).toMatchObject({ user_id: 55, new_user: null, type: 'seasonal', fiscal_code: 'BNCMRC90C02H294X', start_date: null, payment: { method: 'cash', stripe_payment_id: null } });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Crea tessera attiva' })));
    expect(await screen.findByText('Tessera creata e attivata.')).toBeTruthy();
    handlers.set('GET /api/admin/memberships/9', () => jsonResponse(200, created));
    fireEvent.click(screen.getByRole('link', { name: 'Apri la tessera T2026-00009' }));
    expect(await screen.findByRole('heading', { name: 'Modifica tessera' })).toBeTruthy();
    expect(await screen.findByLabelText(/Data di fine/)).toBeTruthy();
  });

  it('asks for a Stripe payment id for an online payment and shows the server’s field messages', async () => {
    handlers.set('POST /api/admin/memberships/quote', () => jsonResponse(200, { ...QUOTE, type: 'daily' }));
    handlers.set('POST /api/admin/memberships', () => jsonResponse(422, { message: 'Dati non validi.', errors: { 'new_user.email': ['Esiste già un account con questa e-mail.'] } }));
    renderAt(<MembershipEditorPage />, { url: '/admin/membership-editor' });
    fireEvent.click(screen.getByRole('radio', { name: 'Nuovo tesserato' }));
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Anna' } });
    fireEvent.change(screen.getByLabelText(/^Cognome/), { target: { value: 'Verdi' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'anna@esempio.it' } });
    fireEvent.change(screen.getByLabelText(/^Data di nascita/), { target: { value: '1995-04-10' } });
    fireEvent.change(screen.getByLabelText(/Tipo di tessera/), { target: { value: 'daily' } });
    expect(screen.getByLabelText(/Data di inizio/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Codice fiscale/), { target: { value: 'vrdnna95d50h294x' } });
    fireEvent.change(screen.getByLabelText(/Metodo di pagamento/), { target: { value: 'stripe' } });
    expect((screen.getByRole('button', { name: 'Crea tessera attiva' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/ID pagamento Stripe/), { target: { value: 'pi_123' } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Crea tessera attiva' }) as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Crea tessera attiva' })));
    expect(await screen.findByText('Esiste già un account con questa e-mail.')).toBeTruthy();
    expect(bodiesOf('POST /api/admin/memberships').at(-1)).toMatchObject({ user_id: null, new_user: { first_name: 'Anna', email: 'anna@esempio.it', phone: null }, fiscal_code: 'VRDNNA95D50H294X', payment: { method: 'stripe', stripe_payment_id: 'pi_123' } });
  });
  it('asks a member without a birth date for it, sends it, and starts an empty card after one is made', async () => {
    handlers.set('GET /api/admin/users/search', () => jsonResponse(200, { data: [{ id: 56, first_name: 'Luca', last_name: 'Neri', email: 'luca@esempio.it', phone: null, birth_date: null, fiscal_code: null }] }));
    handlers.set('POST /api/admin/memberships/quote', () => jsonResponse(200, QUOTE));
    handlers.set('POST /api/admin/memberships', () => jsonResponse(201, { message: 'Tessera creata e attivata.', membership: anAdminMembership(10) }));
    renderAt(<MembershipEditorPage />, { url: '/admin/membership-editor' });
    fireEvent.change(screen.getByLabelText('Cerca tesserato'), { target: { value: 'neri' } });
    fireEvent.click(await screen.findByRole('button', { name: /Luca Neri/ }));
    fireEvent.change(screen.getByLabelText(/^Data di nascita/), { target: { value: '2004-02-01' } });
    fireEvent.change(screen.getByLabelText(/Tipo di tessera/), { target: { value: 'seasonal' } });
    fireEvent.change(screen.getByLabelText(/Codice fiscale/), { target: { value: 'NRELCU04B01H294X' } });
    fireEvent.click(screen.getByLabelText("Aggiungi l'assicurazione"));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Crea tessera attiva' }) as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Crea tessera attiva' })));
    expect(await screen.findByText('Tessera creata e attivata.')).toBeTruthy();
    expect(bodiesOf('POST /api/admin/memberships')).toEqual([
      { user_id: 56, new_user: null, type: 'seasonal', fiscal_code: 'NRELCU04B01H294X', birth_date: '2004-02-01', start_date: null, with_insurance: true, bvu_card_code: null, coupon_code: null, payment: { method: 'cash', stripe_payment_id: null }, notes: null },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Nuova tessera' }));
    expect((screen.getByLabelText(/Tipo di tessera/) as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText(/Codice fiscale/) as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText('Cerca tesserato')).toBeTruthy();
    expect(screen.getByText('Completa i dati per vedere il prezzo.')).toBeTruthy();
  });
});

describe('correcting a card (?id=)', () => {
  it('loads the card and saves type, dates, fiscal code, insurance and notes', async () => {
    const card = anAdminMembership(4, { type: 'monthly', start_date: '2026-06-01', end_date: '2026-06-30', has_insurance: true });
    handlers.set('GET /api/admin/memberships/4', () => jsonResponse(200, card));
    handlers.set('PUT /api/admin/memberships/4', () => jsonResponse(200, { message: 'Tessera aggiornata.', membership: card }));
    renderAt(<MembershipEditorPage />, { url: '/admin/membership-editor?id=4' });
    expect(await screen.findByRole('heading', { name: 'Modifica tessera' })).toBeTruthy();
    const end = await screen.findByLabelText(/Data di fine/);
    expect((end as HTMLInputElement).value).toBe('2026-06-30');
    fireEvent.change(end, { target: { value: '2026-07-05' } });
    fireEvent.change(screen.getByLabelText('Assicurazione'), { target: { value: 'false' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Prolungata per maltempo' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' })));
    expect(await screen.findByText('Tessera aggiornata.')).toBeTruthy();
    expect(bodiesOf('PUT /api/admin/memberships/4')).toEqual([{ type: 'monthly', start_date: '2026-06-01', end_date: '2026-07-05', fiscal_code: 'RSSGLI90A41H501X', has_insurance: false, notes: 'Prolungata per maltempo' }]);
  });
});
