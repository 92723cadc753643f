import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { creditStatement, jsonResponse } from '../../../test/fixtures';
import { pageLocation } from '../../../lib/checkout';
import { aMembership, PRICES, renderAt, stubApiForEachTest, Where, yearsFromToday } from '../../../test/test-support';
import { addDays } from '@beach/contracts';
import { formatDate, todayInRome } from '../../../lib/format';
import MembershipPage from './membership-page';

const CHECKOUT_CANCELLED = 'Pagamento annullato: non ti è stato addebitato nulla.';

/** Where the page was sent, instead of leaving it. */
let goToCheckout: MockInstance<(url: string) => void>;

const ACTIVE = aMembership({ id: 1, membership_number: 'T2026-00001', is_bvu_member: true });
const AWAITING_PAYMENT = aMembership({ id: 5, membership_number: 'T2026-00005', type: 'monthly', status: 'pending', awaiting: 'payment', can_cancel: true, verify_url: null, start_date: '2030-06-01', end_date: '2030-06-30' });
const AWAITING_DESK = aMembership({ id: 6, membership_number: 'T2026-00006', type: 'under_18', status: 'pending', awaiting: 'desk', verify_url: null });
const EXPIRED = aMembership({ id: 2, membership_number: 'T2025-00002', status: 'expired', start_date: '2025-05-01', end_date: '2025-09-30' });
const ACTIVE_BUT_ENDED = aMembership({ id: 3, membership_number: 'T2025-00003', type: 'daily', start_date: yearsFromToday(-1), end_date: yearsFromToday(-1) });

const api = stubApiForEachTest('user');
const { handlers } = api;
const mine = (...cards: ReturnType<typeof aMembership>[]) => () => jsonResponse(200, { data: cards });

beforeEach(() => {
  goToCheckout = vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
  handlers['GET /api/prices'] = () => jsonResponse(200, PRICES);
  handlers['GET /api/payments/config'] = () => jsonResponse(200, { enabled: true, test_mode: false });
  // The page also shows the medical certificate (features/certificates).
  handlers['GET /api/certificates/mine'] = () => jsonResponse(200, { state: 'missing', days_left: null, certificates: [] });
});
afterEach(() => vi.useRealTimers());

const renderPage = (url = '/tesseramento') => renderAt(<MembershipPage />, { url });
const card = (number: string) => screen.getByRole('article', { name: number });

describe('my cards', () => {
  it('shows current cards with validity, status, insurance and BVU, and the past ones in a compact list', async () => {
    handlers['GET /api/memberships/mine'] = mine(AWAITING_PAYMENT, ACTIVE, ACTIVE_BUT_ENDED, EXPIRED);
    renderPage();
    const active = await screen.findByRole('article', { name: 'T2026-00001' });
    expect(active.textContent).toContain('Attiva');
    expect(active.textContent).toContain('BVU');
    expect(active.textContent).toContain('Stagionale');
    expect(active.textContent).toMatch(/Validitàdal \d\d\/\d\d\/\d{4} al \d\d\/\d\d\/\d{4}/);
    expect(active.textContent).toContain('AssicurazioneSì');
    expect(card('T2026-00005').textContent).toContain('dal 01/06/2030 al 30/06/2030');
    expect(card('T2026-00005').textContent).toContain('In attesa');

    const past = within(screen.getByRole('region', { name: 'Tessere passate' }));
    expect(past.getAllByRole('listitem').map((item) => item.textContent?.slice(0, 11))).toEqual(['T2025-00003', 'T2025-00002']);
    expect(past.getAllByText('Scaduta')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Le tue tessere' })).toBeTruthy();
  });

  it('draws the QR code of an active card from its verification address and downloads its PDF', async () => {
    handlers['GET /api/memberships/mine'] = mine(ACTIVE);
    handlers['GET /api/memberships/1/pdf'] = () => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 });
    URL.createObjectURL = vi.fn(() => 'blob:tessera');
    URL.revokeObjectURL = vi.fn();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('tessera-T2026-00001.pdf');
    });
    renderPage();

    const qr = (await screen.findByRole('img', { name: /QR code della tessera T2026-00001/ })) as HTMLImageElement;
    const svg = decodeURIComponent(qr.src.replace('data:image/svg+xml;charset=utf-8,', ''));
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    fireEvent.click(within(card('T2026-00001')).getByRole('button', { name: /Scarica PDF/ }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/errore nel download del PDF/)).toBeNull();
  });

  it('says when there are no cards, and when they cannot be loaded', async () => {
    handlers['GET /api/memberships/mine'] = mine();
    renderPage();
    expect(await screen.findByText('Non hai ancora una tessera.')).toBeTruthy();

    handlers['GET /api/memberships/mine'] = () => jsonResponse(403, { message: 'Accesso negato.' });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Non è stato possibile caricare le tue tessere.');
  });
});

describe('requesting a card', () => {
  const inDays = (days: number) => addDays(todayInRome(), days);
  const heading = (name: string) => screen.queryByRole('heading', { name, level: 2 });

  it('offers the form to a member without an active card today', async () => {
    handlers['GET /api/memberships/mine'] = mine(EXPIRED);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Richiedi una tessera', level: 2 })).toBeTruthy();
  });

  it('hides it while an active card covers today and ends more than 30 days away, saying when the renewal opens', async () => {
    handlers['GET /api/memberships/mine'] = mine(aMembership({ start_date: inDays(-3), end_date: inDays(31) }));
    renderPage();
    expect(await screen.findByText(`La tua tessera vale fino al ${formatDate(inDays(31))}: potrai rinnovarla da questa pagina dal ${formatDate(inDays(1))}.`)).toBeTruthy();
    expect(heading('Richiedi una tessera')).toBeNull();
    expect(heading('Rinnova la tessera')).toBeNull();
    expect(screen.queryByLabelText(/Codice fiscale/)).toBeNull();
  });

  it('offers the renewal from 30 days before the end of the cards that cover today, one after another', async () => {
    // The renewal of a card bought already carries the cover on.
    handlers['GET /api/memberships/mine'] = mine(aMembership({ start_date: inDays(-3), end_date: inDays(10) }), aMembership({ id: 7, membership_number: 'T2026-00007', type: 'monthly', start_date: inDays(11), end_date: inDays(30) }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Rinnova la tessera', level: 2 })).toBeTruthy();
    expect(screen.getByText(/^La tua tessera vale fino al/).textContent).toContain(formatDate(inDays(30)));
  });
});

describe('pending cards', () => {
  it('completes the payment of a card awaiting it', async () => {
    handlers['GET /api/memberships/mine'] = mine(AWAITING_PAYMENT);
    handlers['POST /api/memberships/5/checkout'] = () => jsonResponse(200, { checkout_url: 'http://localhost:12111/checkout/cs_test_5' });
    renderPage();
    const pending = await screen.findByRole('article', { name: 'T2026-00005' });
    expect(pending.textContent).toContain('In attesa di pagamento.');
    expect(within(pending).queryByRole('button', { name: /Scarica PDF/ })).toBeNull();
    expect(within(pending).queryByRole('img')).toBeNull();
    fireEvent.click(within(pending).getByRole('button', { name: 'Completa il pagamento' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('http://localhost:12111/checkout/cs_test_5'));
  });

  it('shows how to pay a card awaiting payment by transfer: IBAN, amount, its RF reference and the QR code', async () => {
    handlers['GET /api/memberships/mine'] = mine(AWAITING_PAYMENT);
    handlers['GET /api/me/memberships/5/transfer'] = () => jsonResponse(200, { iban: 'IT60X0542811101000000123456', holder: 'ASD Beach Club', amount: '30.00', reference: 'RF39M5', qr_svg: '<svg viewBox="0 0 1 1"></svg>' });
    renderPage();
    const pending = await screen.findByRole('article', { name: 'T2026-00005' });
    fireEvent.click(within(pending).getByRole('button', { name: 'Paga con bonifico' }));
    expect((await within(pending).findByLabelText('Riferimento RF')).textContent).toBe('RF39 M5');
    expect(pending.textContent).toContain('IT60 X054 2811 1010 0000 0123 456');
    expect(within(pending).getByRole('img', { name: 'Codice QR del bonifico' })).toBeTruthy();
  });

  it('pays a card awaiting payment from credit when the balance covers it, and shows it active', async () => {
    const credit = (balance: string) => () => jsonResponse(200, creditStatement(balance));
    handlers['GET /api/memberships/mine'] = mine(AWAITING_PAYMENT);
    handlers['GET /api/me/credit?page=1&per_page=10'] = credit('80.00');
    handlers['POST /api/memberships/5/pay-with-credit'] = () => {
      handlers['GET /api/memberships/mine'] = mine({ ...AWAITING_PAYMENT, status: 'active', awaiting: null, can_cancel: false });
      handlers['GET /api/me/credit?page=1&per_page=10'] = credit('10.00');
      return jsonResponse(200, { message: 'Tessera pagata con il credito: è attiva, il PDF ti arriva per e-mail.', balance: '10.00', movement: { id: 1, amount: '-70.00', kind: 'payment', pending: false, reason: 'Pagamento tessera T2026-00005', by: null, booking_id: null, created_at: new Date().toISOString() } });
    };
    renderPage();
    const pending = await screen.findByRole('article', { name: 'T2026-00005' });
    fireEvent.click(await within(pending).findByRole('button', { name: /^Paga con il credito \(70,00\s€\)$/ }));
    await waitFor(() => expect(api.bodiesOf('POST /api/memberships/5/pay-with-credit')).toHaveLength(1));
    await waitFor(() => expect(card('T2026-00005').textContent).not.toContain('In attesa di pagamento.'));
    expect(screen.queryByRole('button', { name: /Paga con il credito/ })).toBeNull();
    expect(goToCheckout).not.toHaveBeenCalled();
  });

  it('cancels a request only after confirmation', async () => {
    handlers['GET /api/memberships/mine'] = mine(AWAITING_PAYMENT);
    handlers['DELETE /api/memberships/5'] = () => {
      handlers['GET /api/memberships/mine'] = mine();
      return jsonResponse(200, { message: 'Richiesta annullata.' });
    };
    renderPage();
    const pending = await screen.findByRole('article', { name: 'T2026-00005' });
    fireEvent.click(within(pending).getByRole('button', { name: 'Annulla richiesta' }));
    const dialog = screen.getByRole('dialog', { name: 'Annullare la richiesta?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, mantienila' }));
    expect(api.bodiesOf('DELETE /api/memberships/5')).toHaveLength(0);

    fireEvent.click(within(pending).getByRole('button', { name: 'Annulla richiesta' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Annullare la richiesta?' })).getByRole('button', { name: 'Sì, annulla la richiesta' }));
    expect(await screen.findByText('Non hai ancora una tessera.')).toBeTruthy();
    expect(api.bodiesOf('DELETE /api/memberships/5')).toHaveLength(1);
  });

  it('sends a free or minor’s card to the desk, without payment or cancel when not allowed', async () => {
    handlers['GET /api/memberships/mine'] = mine(AWAITING_DESK);
    renderPage();
    const pending = await screen.findByRole('article', { name: 'T2026-00006' });
    expect(pending.textContent).toContain('Passa in segreteria');
    expect(pending.textContent).toContain('firma un genitore');
    expect(within(pending).queryByRole('button')).toBeNull();
  });
});

describe('page notices', () => {
  it('explains a cancelled payment once (the parameter leaves the address) and shows the test-mode notice', async () => {
    handlers['GET /api/memberships/mine'] = mine(AWAITING_PAYMENT);
    handlers['GET /api/payments/config'] = () => jsonResponse(200, { enabled: true, test_mode: true });
    renderAt(
      <>
        <MembershipPage />
        <Where />
      </>,
      { url: '/tesseramento?pagamento=annullato' },
    );
    expect(screen.getByText(CHECKOUT_CANCELLED).parentElement!.textContent).toContain('resta in attesa di pagamento');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tesseramento'));
    expect(screen.getByText(CHECKOUT_CANCELLED)).toBeTruthy();
    expect((await screen.findByRole('note')).textContent).toContain('Pagamenti in modalità di prova');
  });

  it('stays quiet without the query and outside test mode', async () => {
    handlers['GET /api/memberships/mine'] = mine();
    renderPage();
    await screen.findByText('Non hai ancora una tessera.');
    await waitFor(() => expect(api.fetchMock.mock.calls.some(([url]) => url === '/api/payments/config')).toBe(true));
    expect(screen.queryByText(CHECKOUT_CANCELLED)).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
